import { describe, expect, it } from 'vitest';
import { makeEnterpriseUser } from '../testing/fake-server.ts';
import { ENTERPRISE_MENU_CALLS, enterpriseMenuFor, needsCourseEnrolments } from './menus.ts';
import { type Screen, screens } from './screens.ts';

const labels = (user: ReturnType<typeof makeEnterpriseUser>) =>
  enterpriseMenuFor(user).map((item) => item.label);

describe('the enterprise menu (spec §2, §6)', () => {
  it('shows the default admin every item of an enterprise with its features on', () => {
    const user = makeEnterpriseUser({
      roleName: 'Admin',
      isDefaultAdmin: true,
      enterprise: { enableCourseFeature: true, enableCompanyInfoFeature: true },
    });
    expect(labels(user)).toEqual([
      'Dashboard',
      'Members',
      'Tasks Library',
      'My Tasks',
      'My Courses',
      'Content Library',
      'Courses',
      'Company Info',
      'Reports',
      'User Roles',
      'Groups',
      'Surveys',
      'Reading Topics',
      'Help',
      'Configurations',
    ]);
  });

  it('hides Configurations (Pronunciation) while the pronunciation feature or its parent is off', () => {
    const off = makeEnterpriseUser({
      isDefaultAdmin: true,
      enterprise: { enablePronunciationFeature: false },
    });
    expect(labels(off)).not.toContain('Configurations');
    const parentOff = makeEnterpriseUser({
      isDefaultAdmin: true,
      enterprise: { enableCommunicationReadyFeature: false },
    });
    expect(labels(parentOff)).not.toContain('Configurations');
    expect(labels(parentOff)).toContain('Groups');
  });

  it('shows a learner with the dashboard key only the dashboard and the login-only items', () => {
    expect(
      labels(makeEnterpriseUser({ permissions: ['dashboard'], enterprise: { enableCourseFeature: true } })),
    ).toEqual(['Dashboard', 'My Tasks', 'My Courses', 'Help']);
  });

  it("shows Dashboard, every member's home, to a role without the dashboard key", () => {
    expect(labels(makeEnterpriseUser({ permissions: ['content-library'] }))).toEqual([
      'Dashboard',
      'My Tasks',
      'Content Library',
      'Help',
    ]);
  });

  it('lists My Courses while the MarketPlace feature is on, and with it off only to someone with courses of their own', () => {
    const on = makeEnterpriseUser({ permissions: ['dashboard'], enterprise: { enableCourseFeature: true } });
    expect(labels(on)).toContain('My Courses');
    expect(needsCourseEnrolments(on)).toBe(false);
    const off = makeEnterpriseUser({ permissions: ['dashboard'] });
    expect(needsCourseEnrolments(off)).toBe(true);
    expect(labels(off)).toEqual(['Dashboard', 'My Tasks', 'Help']);
    expect(enterpriseMenuFor(off, { hasCourses: false }).map((item) => item.label)).not.toContain(
      'My Courses',
    );
    // A buyer whose organisation has since turned the feature off still finds the courses they bought.
    expect(enterpriseMenuFor(off, { hasCourses: true }).map((item) => item.label)).toEqual([
      'Dashboard',
      'My Tasks',
      'My Courses',
      'Help',
    ]);
    // Not even the default admin sees it with the feature off and no courses.
    expect(labels(makeEnterpriseUser({ roleName: 'Admin', isDefaultAdmin: true }))).not.toContain(
      'My Courses',
    );
  });

  it("names for each item a call needing its screen's permission key, so a listed item opens its screen", () => {
    for (const [id, call] of Object.entries(ENTERPRISE_MENU_CALLS)) {
      const screen: Screen = screens.enterprise[id as keyof typeof ENTERPRISE_MENU_CALLS];
      expect(call.auth, id).toBe('enterprise');
      expect(call.permission, id).toBe(screen.permission ?? null);
    }
  });

  it('lists Courses and Company Info to whoever the server lets make their calls: the admin role with the flag on', () => {
    const flagsOn = { enableCourseFeature: true, enableCompanyInfoFeature: true };
    const admin = makeEnterpriseUser({ roleName: 'admin', permissions: [], enterprise: flagsOn });
    expect(labels(admin)).toEqual(expect.arrayContaining(['Courses', 'Company Info']));
    const staff = makeEnterpriseUser({ roleName: 'Staff', permissions: [], enterprise: flagsOn });
    expect(labels(staff)).not.toContain('Courses');
    expect(labels(staff)).not.toContain('Company Info');
    const flagsOff = makeEnterpriseUser({ roleName: 'Admin', isDefaultAdmin: true });
    expect(labels(flagsOff)).not.toContain('Courses');
    expect(labels(flagsOff)).not.toContain('Company Info');
  });
});
