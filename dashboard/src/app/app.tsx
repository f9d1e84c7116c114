import { isRtlLanguage } from '@coach/shared/constants/languages';
import { Provider } from 'jotai';
import { Direction } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { appStore } from '../lib/store.ts';
import { router } from './router.tsx';
import { AppToaster } from './toaster.tsx';

/**
 * Radix's menus, selects and tabs read their direction from this provider, not from the page: without it an
 * Arabic page's account menu was laid out left to right (its content carries its own dir).
 */
export const PageDirection = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  return (
    <Direction.Provider dir={isRtlLanguage(i18n.language) ? 'rtl' : 'ltr'}>{children}</Direction.Provider>
  );
};

export const App = () => (
  <Provider store={appStore}>
    <PageDirection>
      <RouterProvider router={router} />
      <AppToaster />
    </PageDirection>
  </Provider>
);
