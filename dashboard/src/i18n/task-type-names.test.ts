import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages.ts';

// Every locale's JSON, found by Vite's glob and loaded eagerly: the test reads them as data.
const files = import.meta.glob<{ default: Record<string, unknown> }>(
  './locales/*/{tasks,dashboard,admin-tasks}.json',
  {
    eager: true,
  },
);
const typesIn = (code: string, namespace: string, key: string) =>
  (files[`./locales/${code}/${namespace}.json`]?.default?.[key] ?? {}) as Record<string, string>;

describe('the task types by one name on every screen', () => {
  it("names each type in the dashboard's review table and the admin's library as the task library does", () => {
    const differ: string[] = [];
    for (const code of LANGUAGE_CODES) {
      const names = typesIn(code, 'tasks', 'types');
      expect(Object.keys(names)).toHaveLength(8);
      for (const [namespace, key] of [
        ['dashboard', 'taskTypes'],
        ['admin-tasks', 'types'],
      ] as const)
        for (const [type, name] of Object.entries(typesIn(code, namespace, key)))
          if (name !== names[type]) differ.push(`${code} ${namespace} ${type}: ${name} ≠ ${names[type]}`);
    }
    expect(differ).toEqual([]);
  });
});
