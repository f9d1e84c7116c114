import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from '../../ui/dropdown-menu.tsx';

export type UserMenuIdentity = { name: string; role: string; email: string | null; avatarUrl: string | null };

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The top-bar user dropdown of spec §2. */
export const UserMenu = ({
  identity,
  profilePath,
  settingsPath,
  privacyPath,
  termsPath,
  onLogout,
}: {
  identity: UserMenuIdentity;
  profilePath: string;
  /** Only given to whoever the Settings page opens for (the role named admin, the default admin; spec §6). */
  settingsPath: string | null;
  privacyPath: string;
  termsPath: string;
  onLogout: () => void;
}) => {
  const { t } = useTranslation('common');
  return (
    <DropdownMenu
      // The name holds what the button shows, the name and the role (label-in-name).
      label={t('account.menuFor', { name: identity.name, role: identity.role })}
      trigger={
        <button type="button" className="user-menu__trigger">
          {identity.avatarUrl ? (
            <img className="user-menu__avatar" src={identity.avatarUrl} alt="" />
          ) : (
            // The initials are drawn by CSS: a picture, not words of the button's name (label-in-name).
            <span className="user-menu__avatar" data-initials={initials(identity.name)} aria-hidden="true" />
          )}
          <span className="user-menu__who">
            {/* The space keeps the name and the role two words apart in the button's text. */}
            <span className="user-menu__name">{identity.name}</span>{' '}
            <span className="user-menu__role">{identity.role}</span>
          </span>
          <svg className="user-menu__chevron" aria-hidden="true" viewBox="0 0 10 10" width="10" height="10">
            <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </button>
      }
    >
      <DropdownMenuLabel>
        <span className="user-menu__label-name">{identity.name}</span>
        <span className="user-menu__label-line">{identity.role}</span>
        {identity.email ? <span className="user-menu__label-line">{identity.email}</span> : null}
      </DropdownMenuLabel>
      <DropdownMenuSeparator />
      <DropdownMenuItem asChild>
        <Link to={profilePath}>{t('account.profile')}</Link>
      </DropdownMenuItem>
      {settingsPath ? (
        <DropdownMenuItem asChild>
          <Link to={settingsPath}>{t('account.settings')}</Link>
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuItem asChild>
        <Link to={privacyPath}>{t('account.privacy')}</Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to={termsPath}>{t('account.terms')}</Link>
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={onLogout}>{t('account.logout')}</DropdownMenuItem>
    </DropdownMenu>
  );
};
