import { describe, expect, it } from 'vitest';
import { MENU_GROUPS, type Screen, screens } from './screens.ts';

const all = Object.entries(screens).flatMap(([section, table]) =>
  Object.entries(table as Record<string, Screen>).map(([id, screen]) => ({ id: `${section}.${id}`, screen })),
);

describe('the screen table', () => {
  it("names as a screen's `within` a top-level menu screen of its own section, with the same permission", () => {
    const wrong = Object.entries(screens).flatMap(([, table]) =>
      Object.entries(table as Record<string, Screen>).flatMap(([id, screen]) => {
        if (!screen.within) return [];
        const home = (table as Record<string, Screen>)[screen.within];
        const fits = home?.menu && !home.menu.parent && home.permission === screen.permission;
        return fits ? [] : [id];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('gives each screen an address of its own', () => {
    const seen = all.map(({ screen }) => screen.path);
    expect(seen.filter((path, index) => seen.indexOf(path) !== index)).toEqual([]);
  });

  // RequirePermission reads the enterprise user: a key elsewhere would lock everyone out.
  it('puts permission keys only on enterprise sidebar screens', () => {
    const misplaced = all.filter(({ screen }) => screen.permission && screen.area !== 'enterprise');
    expect(misplaced.map(({ id }) => id)).toEqual([]);
  });

  it('lists menu entries of one menu at distinct positions, each group with a child', () => {
    for (const [section, table] of Object.entries(screens)) {
      const menus = Object.values(table as Record<string, Screen>).flatMap(({ menu }) =>
        menu ? [menu] : [],
      );
      const topLevel = [
        ...menus.filter((menu) => !menu.parent).map((menu) => menu.order),
        ...Object.entries(MENU_GROUPS)
          .filter(([id]) => menus.some((menu) => menu.parent === id))
          .map(([, group]) => group.order),
      ];
      expect(new Set(topLevel).size, section).toBe(topLevel.length);
      for (const id of Object.keys(MENU_GROUPS)) {
        const children = menus.filter((menu) => menu.parent === id).map((menu) => menu.order);
        expect(new Set(children).size, `${section} ${id}`).toBe(children.length);
      }
    }
    const parents = new Set<string>(all.flatMap(({ screen }) => screen.menu?.parent ?? []));
    expect(Object.keys(MENU_GROUPS).filter((id) => !parents.has(id))).toEqual([]);
  });
});
