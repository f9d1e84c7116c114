import { isFeatureOn } from '@coach/shared/constants/features';
import type { EnterpriseUser } from '@coach/shared/contract/auth';
import { hasPermission, isAdminRoleName, type PermissionKey } from '@coach/shared/permissions';
import { MENU_GROUPS, type MenuIcon, type Screen, type ScreenMenu, screens } from './screens.ts';

export type MenuLink = { label: string; to: string; icon: MenuIcon; description?: string };
export type MenuEntry = MenuLink & { children?: MenuLink[] };

/** What decides whether a screen is listed: its permission and its menu's listing rules. */
type ListingRule = (screen: { permission?: PermissionKey | undefined; menu: ScreenMenu }) => boolean;

const link = ({ label, icon, description }: Omit<MenuLink, 'to'>, to: string): MenuLink => ({
  label,
  to,
  icon,
  ...(description === undefined ? {} : { description }),
});

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/**
 * A menu from the screens of a section that `listed` lets through, in their `order`; a group (MENU_GROUPS)
 * takes its place among them while one of its children is listed, and opens onto its first.
 */
const menuOf = (section: Record<string, Screen>, listed: ListingRule): MenuEntry[] => {
  const shown = Object.values(section)
    .flatMap(({ path, permission, menu }) => (menu && listed({ permission, menu }) ? [{ path, menu }] : []))
    .sort((a, b) => byOrder(a.menu, b.menu));
  const entries: (MenuEntry & { order: number })[] = shown
    .filter(({ menu }) => menu.parent === undefined)
    .map(({ path, menu }) => ({ order: menu.order, ...link(menu, path) }));
  for (const [id, group] of Object.entries(MENU_GROUPS)) {
    const children = shown.filter(({ menu }) => menu.parent === id);
    const first = children[0];
    if (!first) continue;
    entries.push({
      order: group.order,
      ...link(group, first.path),
      children: children.map(({ path, menu }) => link(menu, path)),
    });
  }
  return entries.sort(byOrder).map(({ order: _order, ...entry }) => entry);
};

/** The enterprise menu items this user may see (spec §2 Menus, §6). */
export const enterpriseMenuFor = (user: EnterpriseUser): MenuEntry[] =>
  menuOf(screens.enterprise, ({ permission, menu }) => {
    if (menu.feature && !isFeatureOn(user.enterpriseId, menu.feature)) return false;
    if (menu.adminRoleWithFlag) {
      return isAdminRoleName(user.roleId.name) && user.enterpriseId[menu.adminRoleWithFlag];
    }
    return hasPermission({
      permissions: user.roleId.permissions,
      isDefaultAdmin: user.isDefaultAdmin,
      key: permission ?? null,
    });
  });

/** The admin menu of spec §2: every platform admin sees all of it. */
export const ADMIN_MENU: MenuEntry[] = menuOf(screens.admin, () => true);
