import { Provider } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { appStore } from '../lib/store.ts';
import { router } from './router.tsx';
import { AppToaster } from './toaster.tsx';

export const App = () => (
  <Provider store={appStore}>
    <RouterProvider router={router} />
    <AppToaster />
  </Provider>
);
