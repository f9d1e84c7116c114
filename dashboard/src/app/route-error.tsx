import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { Button } from '../ui/button.tsx';
import { ErrorState } from '../ui/states.tsx';

/** Shown when a screen fails to load or render (e.g. a chunk missing after a deploy). */
export const RouteError = () => {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <main className="standalone-state" style={{ maxWidth: 560, margin: '15vh auto', padding: 16 }}>
      <ErrorState
        title={t('app.routeTitle')}
        description={t('app.routeText')}
        action={<Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>}
      />
    </main>
  );
};
