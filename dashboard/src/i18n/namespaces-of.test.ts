import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './index.ts';
import { namespacesOf } from './namespaces-of.ts';

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('the namespaces a module names (each loads with the module)', () => {
  it('finds useTranslation, namespaced keys, ns options and Trans ns, not common', () => {
    const code = `
      const { t } = useTranslation('members');
      const both = useTranslation(['groups', 'roles']);
      i18n.t(\`tasks:types.\${type}\`); t('my-tasks:labels.due'); t("help:title");
      i18n.t('people.memberCount', { ns: 'speech', count: 2 });
      <Trans ns="surveys" /> ; useTranslation('common'); t('common:ui.save'); 'nothing:here';
    `;
    expect(namespacesOf(code, NAMESPACES)).toEqual([
      'groups',
      'help',
      'members',
      'my-tasks',
      'roles',
      'speech',
      'surveys',
      'tasks',
    ]);
  });

  it('every namespace in the source is named in a way it finds', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    for (const [file, code] of Object.entries(sources)) {
      // A namespace held in a variable would not load with its module (<T ns="x">'s callers name theirs).
      if (file !== '../ui/t.tsx') expect(code, file).not.toMatch(/useTranslation\(\s*[^)'"`[\s]/);
      expect(code, file).not.toMatch(/\bns=\{\s*[^'"`\s]/);
      expect(code, file).not.toMatch(/\bns:\s*[^'"`\s]/);
      expect(code, file).not.toMatch(/\bt\(\s*`\$\{[^}]*\}:/);
    }
  });
});
