import { isFeatureOn } from '@coach/shared/constants/features';
import type { EnterpriseUser } from '@coach/shared/contract/auth';
import { contentLibrary } from '@coach/shared/contract/content';
import { courses } from '@coach/shared/contract/courses';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { myCourses } from '@coach/shared/contract/my-courses';
import { myProgress } from '@coach/shared/contract/my-progress';
import { pronunciationConfig } from '@coach/shared/contract/pronunciation';
import { readingTopics } from '@coach/shared/contract/reading-topics';
import { enterpriseReports } from '@coach/shared/contract/reports';
import { roles } from '@coach/shared/contract/roles';
import { surveys } from '@coach/shared/contract/surveys';
import { taskFolders } from '@coach/shared/contract/task-folders';
import { tasks } from '@coach/shared/contract/tasks';
import { type AccessRule, canCall, memberSubject } from '@coach/shared/permissions';
import { MENU_GROUPS, type MenuIcon, type Screen, screens } from './screens.ts';

export type MenuLink = {
  label: string;
  to: string;
  icon: MenuIcon;
  description?: string;
  /** Route patterns of the screens that belong to this entry outside its address (a screen's `within`). */
  within?: string[];
};
export type MenuEntry = MenuLink & { children?: MenuLink[] };

type EnterpriseScreens = typeof screens.enterprise;
/** The enterprise screens with a place in the menu. */
type EnterpriseMenuScreen = {
  [K in keyof EnterpriseScreens]: EnterpriseScreens[K] extends { menu: object } ? K : never;
}[keyof EnterpriseScreens];

/**
 * The contract call each enterprise menu item opens its screen with: the item is listed to whoever may make it
 * (`canCall`, the server's own rule), so a role, a permission or a feature flag hides an item exactly when the
 * server would refuse its screen's first call. menus.test.ts checks each call needs its screen's permission key
 * (the route's guard).
 */
export const ENTERPRISE_MENU_CALLS = {
  dashboard: myProgress.get,
  members: members.list,
  tasksLibrary: taskFolders.getFolderContents,
  myTasks: tasks.getMyTasks,
  myCourses: myCourses.list,
  contentLibrary: contentLibrary.getVideoContent,
  courses: courses.list,
  companyInfo: enterpriseGeneral.updateCompanyInfo,
  reports: enterpriseReports.overview,
  roles: roles.list,
  groups: groups.list,
  surveys: surveys.list,
  readingTopics: readingTopics.list,
  help: enterpriseGeneral.helpEmail,
  pronunciation: pronunciationConfig.list,
} as const satisfies Record<EnterpriseMenuScreen, AccessRule>;

/** What decides whether a screen of a section (by its id there) is listed. */
type ListingRule = (id: string) => boolean;

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
  const shown = Object.entries(section)
    .flatMap(([id, { path, menu }]) => (menu && listed(id) ? [{ id, path, menu }] : []))
    .sort((a, b) => byOrder(a.menu, b.menu));
  const belonging = (id: string) =>
    Object.values(section).flatMap((screen) => (screen.within === id ? [screen.path] : []));
  const entries: (MenuEntry & { order: number })[] = shown
    .filter(({ menu }) => menu.parent === undefined)
    .map(({ id, path, menu }) => {
      const within = belonging(id);
      return { order: menu.order, ...link(menu, path), ...(within.length ? { within } : {}) };
    });
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

/**
 * Whether the person's courses must be asked for (myCourses.list) to know if My Courses is listed: only while their
 * organisation's MarketPlace feature (enableCourseFeature) is off. With it on, My Courses is listed to everyone.
 */
export const needsCourseEnrolments = (user: EnterpriseUser): boolean =>
  !isFeatureOn(user.enterpriseId, 'enableCourseFeature');

/**
 * The enterprise menu items this user may see (spec §2 Menus, §6). The menu is drawn past the second factor
 * (RequireSession), so the member's subject has it done. My Courses needs more than its call (open to every member):
 * the MarketPlace feature on, or courses of the person's own (`hasCourses`: a buyer's account stays in an
 * organisation that may since have turned the feature off); not known counts as none.
 */
export const enterpriseMenuFor = (
  user: EnterpriseUser,
  { hasCourses = false }: { hasCourses?: boolean } = {},
): MenuEntry[] => {
  const subject = memberSubject(user, { secondFactorDone: true });
  const calls: Record<string, AccessRule> = ENTERPRISE_MENU_CALLS;
  return menuOf(screens.enterprise, (id) => {
    const call = calls[id];
    if (call === undefined || !canCall(call, subject).allowed) return false;
    return id !== 'myCourses' || hasCourses || !needsCourseEnrolments(user);
  });
};

/** The admin menu of spec §2: every platform admin sees all of it. */
export const ADMIN_MENU: MenuEntry[] = menuOf(screens.admin, () => true);
