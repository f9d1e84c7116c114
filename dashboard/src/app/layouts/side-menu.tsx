import { useState } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router-dom';
import type { MenuEntry } from '../../config/menus.ts';
import type { Audience } from '../../lib/session.ts';
import { MenuIcon } from './menu-icon.tsx';
import { type MenuText, useMenuText } from './menu-text.ts';

/** The left menu: links with aria-current on the active one, one level of submenu. */
export const SideMenu = ({
  audience,
  entries,
  condensed,
  onNavigate,
}: {
  audience: Audience;
  entries: MenuEntry[];
  condensed: boolean;
  onNavigate?: () => void;
}) => {
  const location = useLocation();
  const text = useMenuText(audience);
  return (
    <ul className="side-menu">
      {entries.map((entry) =>
        entry.children ? (
          <SubMenu
            key={entry.label}
            entry={entry}
            text={text}
            condensed={condensed}
            pathname={location.pathname}
            onNavigate={onNavigate}
          />
        ) : (
          <li key={entry.label}>
            <NavLink
              // A screen of this entry at an address of its own (a course's enrolments in Courses) shows it too.
              className={({ isActive }) =>
                !isActive && entry.within?.some((pattern) => matchPath(pattern, location.pathname))
                  ? 'side-menu__link side-menu__link--current'
                  : 'side-menu__link'
              }
              to={entry.to}
              // Only the deepest entry is current: /admin/enterprises/members is Members, not Enterprises too.
              end={entries.some((other) => other.to.startsWith(`${entry.to}/`))}
              title={condensed ? text(entry).label : undefined}
              onClick={onNavigate}
            >
              <MenuIcon name={entry.icon} />
              <span className="side-menu__text">{text(entry).label}</span>
            </NavLink>
          </li>
        ),
      )}
    </ul>
  );
};

const SubMenu = ({
  entry,
  text,
  condensed,
  pathname,
  onNavigate,
}: {
  entry: MenuEntry;
  text: MenuText;
  condensed: boolean;
  pathname: string;
  onNavigate?: (() => void) | undefined;
}) => {
  const children = entry.children ?? [];
  const containsActive = children.some((child) => pathname.startsWith(child.to));
  const [open, setOpen] = useState(containsActive);
  const id = `submenu-${entry.label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <li>
      <button
        type="button"
        className={`side-menu__link side-menu__parent ${containsActive ? 'side-menu__link--within' : ''}`}
        aria-expanded={open}
        aria-controls={id}
        title={condensed ? text(entry).label : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon name={entry.icon} />
        <span className="side-menu__text">{text(entry).label}</span>
        <span className="side-menu__caret" aria-hidden="true">
          ▸
        </span>
      </button>
      <ul id={id} className="side-menu__children" hidden={!open}>
        {children.map((child) => (
          <li key={child.label}>
            <NavLink
              className="side-menu__link side-menu__child"
              to={child.to}
              title={condensed ? text(child).label : undefined}
              onClick={onNavigate}
            >
              <span className="side-menu__dot" aria-hidden="true" />
              <span className="side-menu__text">{text(child).label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
};
