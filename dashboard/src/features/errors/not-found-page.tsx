import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import type { Audience } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { useDocumentTitle } from '../../ui/layout.tsx';
import { EmptyState } from '../../ui/states.tsx';
import './errors.css';

/** React Router's position in its own history stack: above 0 means a page of this app comes before. */
const routerIndex = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;

/**
 * The page before was this site's (the marketplace, say), so the browser's Back returns to it. The server sends
 * `Referrer-Policy: no-referrer`, so the Navigation API says it (its entries are this origin's only); a browser
 * without it goes back whenever the tab has a history.
 */
const canGoBackHere = () => {
  const { navigation } = window as Window & { navigation?: { canGoBack?: boolean } };
  if (typeof navigation?.canGoBack === 'boolean') return navigation.canGoBack;
  return window.history.length > 1;
};

/**
 * /404 (spec §2): Go Back returns to the page before, whether it was a dashboard screen or a marketplace page
 * (the marketplace is another site, outside the router's history); with nothing to go back to it opens the
 * marketplace home, the public front door, rather than a sign-in page.
 */
export const NotFoundPage = () => {
  const { t } = useTranslation('common');
  useDocumentTitle(t('errors.notFound'));
  const navigate = useNavigate();
  const goBack = () => {
    if (routerIndex() > 0) navigate(-1);
    else if (canGoBackHere()) window.history.back();
    else window.location.assign(paths.marketplaceHome);
  };
  return (
    <main className="error-page">
      <p className="error-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="error-page__title">{t('errors.notFound')}</h1>
      <p className="error-page__text">{t('errors.notFoundText')}</p>
      <Button size="lg" onClick={goBack}>
        {t('errors.goBack')}
      </Button>
    </main>
  );
};

const HOME = {
  admin: { to: paths.admin.dashboard, label: 'errors.backToAdminDashboard' },
  enterprise: { to: paths.enterprise.dashboard, label: 'errors.backToDashboard' },
} as const satisfies Record<Audience, { to: string; label: string }>;

/**
 * An unknown address under /admin/ or /enterprise/ for someone signed in: the 404 inside their own layout,
 * with the way back to their dashboard, instead of another audience's sign-in page.
 */
export const SignedInNotFoundPage = ({ audience }: { audience: Audience }) => {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const home = HOME[audience];
  return (
    <div className="unauthorized">
      <EmptyState
        headingLevel={1}
        title={t('errors.notFound')}
        description={
          <Trans
            t={t}
            i18nKey="errors.noPageAt"
            values={{ path: pathname }}
            components={{ code: <code className="not-found__path" /> }}
          />
        }
        action={
          <div className="not-found__actions">
            <Link className="btn btn--primary btn--md" to={home.to}>
              {t(home.label)}
            </Link>
            {routerIndex() > 0 ? (
              <Button variant="secondary" onClick={() => navigate(-1)}>
                {t('errors.goBack')}
              </Button>
            ) : null}
          </div>
        }
      />
    </div>
  );
};
