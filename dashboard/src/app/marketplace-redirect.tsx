import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { isMarketplaceHost } from '../config/hosts.ts';
import { paths } from '../config/paths.ts';
import { LoadingBlock } from '../ui/spinner.tsx';

/** spec §2: on a marketplace host `/` and unknown paths open the marketplace (a separate site). */
export const EntryRedirect = ({ to }: { to: string }) => {
  const marketplace = isMarketplaceHost();
  useEffect(() => {
    if (marketplace) window.location.assign(paths.marketplaceHome);
  }, [marketplace]);
  if (marketplace) return <LoadingBlock label="Opening the marketplace" />;
  return <Navigate to={to} replace />;
};
