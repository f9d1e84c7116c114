import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { flatten, PLURAL, type Tree } from '../testing/locale-tree.ts';

/**
 * A key the source names together with its namespace (`t('widgets:csv.done')`, `` t(`menus:menu.${key}`) ``,
 * `t('people.memberCount', { ns: 'widgets' })`) exists in that namespace in English; completeness.test.ts then has it
 * in every language. A key left behind when strings move between namespaces would otherwise show as its own name
 * (found once: the legal editor's tab titles read `common:` after they had moved to `widgets`).
 */
const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const EN = path.join(SRC, 'i18n/locales/en');

const keysOf = new Map(
  readdirSync(EN).map((file) => [
    file.replace(/\.json$/, ''),
    [...flatten(JSON.parse(readFileSync(path.join(EN, file), 'utf8')) as Tree).keys()],
  ]),
);

const sources = (readdirSync(SRC, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('testing/'))
  .map((file) => ({
    file,
    // Comments left out: their examples are not keys the screens use.
    code: readFileSync(path.join(SRC, file), 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\*|\/\*|\/\/)/.test(line))
      .join('\n'),
  }));

/** Whether `key` is a key of the namespace, a plural's base (`key_one`…), or, ending in `${`, the start of one. */
const known = (namespace: string, key: string, template: boolean) => {
  const keys = keysOf.get(namespace) ?? [];
  return template
    ? keys.some((k) => k.startsWith(key))
    : keys.some((k) => k === key || k.replace(PLURAL, '') === key);
};

const named = () =>
  sources.flatMap(({ file, code }) => {
    const found: { file: string; namespace: string; key: string; template: boolean }[] = [];
    for (const [, namespace = '', key = '', end] of code.matchAll(/['"`]([\w-]+):([\w.-]+)(\$\{|['"`])/g))
      if (keysOf.has(namespace)) found.push({ file, namespace, key, template: end === '${' });
    for (const [, key = '', end, namespace = ''] of code.matchAll(
      /\bt\(\s*['"`]([\w.-]+)(\$\{|['"`])[^)]*?\bns:\s*['"]([\w-]+)['"]/g,
    ))
      found.push({ file, namespace, key, template: end === '${' });
    return found;
  });

describe('keys named with their namespace', () => {
  it('are found in the source', () => {
    // The scan itself works: the menus and widgets the shell and the people picker name.
    const namespaces = new Set(named().map((n) => n.namespace));
    expect([...namespaces]).toEqual(expect.arrayContaining(['menus', 'widgets', 'common']));
  });

  it('exist in that namespace in English', () => {
    const missing = named()
      .filter(({ namespace, key, template }) => !known(namespace, key, template))
      .map(({ file, namespace, key, template }) => `${file}: ${namespace}:${key}${template ? '…' : ''}`);
    expect(missing).toEqual([]);
  });
});
