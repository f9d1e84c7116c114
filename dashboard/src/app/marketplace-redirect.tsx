import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isMarketplaceHost } from '../config/hosts.ts';
import { paths } from '../config/paths.ts';
import { i18n } from '../i18n/index.ts';
import { LoadingBlock } from '../ui/spinner.tsx';

/** spec §2: on a marketplace host `/` and unknown paths open the marketplace (a separate site). */
export const EntryRedirect = ({ to }: { to: string }) => {
  const marketplace = isMarketplaceHost();
  useEffect(() => {
    if (marketplace) window.location.assign(paths.marketplaceHome);
  }, [marketplace]);
  if (marketplace) return <LoadingBlock label={i18n.t('common:app.openingMarketplace')} />;
  return <Navigate to={to} replace />;
};

/**
 * A marketplace address reached inside the dashboard (a sign-in that returns to a course page to review it):
 * the marketplace is another site, so the browser loads it.
 */
export const OpenMarketplacePage = () => {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return <LoadingBlock label={i18n.t('common:app.openingMarketplace')} />;
};
