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
  /** Only given to users whose role is named admin (spec §6). */
  settingsPath: string | null;
  privacyPath: string;
  termsPath: string;
  onLogout: () => void;
}) => (
  <DropdownMenu
    label={`Account menu for ${identity.name}`}
    trigger={
      <button type="button" className="user-menu__trigger">
        {identity.avatarUrl ? (
          <img className="user-menu__avatar" src={identity.avatarUrl} alt="" />
        ) : (
          <span className="user-menu__avatar" aria-hidden="true">
            {initials(identity.name)}
          </span>
        )}
        <span className="user-menu__who">
          <span className="user-menu__name">{identity.name}</span>
          <span className="user-menu__role">{identity.role}</span>
        </span>
        <span className="user-menu__chevron" aria-hidden="true">
          ▾
        </span>
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
      <Link to={profilePath}>View Profile</Link>
    </DropdownMenuItem>
    {settingsPath ? (
      <DropdownMenuItem asChild>
        <Link to={settingsPath}>Settings</Link>
      </DropdownMenuItem>
    ) : null}
    <DropdownMenuItem asChild>
      <Link to={privacyPath}>Privacy Policy</Link>
    </DropdownMenuItem>
    <DropdownMenuItem asChild>
      <Link to={termsPath}>Terms &amp; Condition</Link>
    </DropdownMenuItem>
    <DropdownMenuSeparator />
    <DropdownMenuItem onSelect={onLogout}>Logout</DropdownMenuItem>
  </DropdownMenu>
);
