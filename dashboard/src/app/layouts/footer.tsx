import type { AppStoreLinks } from '@coach/shared/format/store-links';
import { useTranslation } from 'react-i18next';
import { APP_STORE_LINKS } from '../../config/app-links.ts';

/** The shell's footer: the rights line, and the mobile app's store buttons this deployment has addresses for. */
export const ShellFooter = ({ links = APP_STORE_LINKS }: { links?: AppStoreLinks }) => {
  const { t } = useTranslation('common');
  return (
    <footer className="shell-footer">
      <span>{t('footer.rights', { year: new Date().getFullYear() })}</span>
      {links.ios || links.android ? (
        <span className="shell-footer__apps">
          <span>{t('footer.getApp')}</span>
          {links.ios ? <StoreBadge store="ios" href={links.ios} /> : null}
          {links.android ? <StoreBadge store="android" href={links.android} /> : null}
        </span>
      ) : null}
    </footer>
  );
};

/** Each store's name and its mark (drawn here: no image request for a footer). */
const STORES: Record<keyof AppStoreLinks, { name: string; mark: string }> = {
  ios: {
    name: 'App Store',
    mark: 'M16.4 12.6c0-2.5 2-3.6 2.1-3.7-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.8.9s-2-.9-3.3-.9c-1.7 0-3.3 1-4.1 2.5-1.8 3.1-.5 7.6 1.3 10.1.8 1.2 1.8 2.6 3.1 2.5 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8-.1 0-2.4-.9-2.4-3.7zM14 5.2c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.6 2.8-1.4z',
  },
  android: {
    name: 'Google Play',
    mark: 'M4 3.3v17.4c0 .4.4.6.7.4L19.5 12.6c.3-.2.3-.6 0-.8L4.7 2.9c-.3-.2-.7 0-.7.4z',
  },
};

const StoreBadge = ({ store, href }: { store: keyof AppStoreLinks; href: string }) => (
  <a href={href} target="_blank" rel="noreferrer" className="store-badge">
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="currentColor">
      <path d={STORES[store].mark} />
    </svg>
    {STORES[store].name}
  </a>
);
