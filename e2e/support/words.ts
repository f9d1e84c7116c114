import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './env.ts';

/**
 * The product's own words in a language, read from its resource files, so a journey can find a control by its
 * accessible name in any of the nine languages: `dashboardText('ar', 'common', 'auth.login.submit')`.
 */
type Tree = { [key: string]: string | Tree };

const cache = new Map<string, Tree>();
const load = (file: string): Tree => {
  let tree = cache.get(file);
  if (!tree) {
    tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
    cache.set(file, tree);
  }
  return tree;
};

const lookup = (tree: Tree, key: string, where: string): string => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`${where} has no text at ${key}`);
  return node;
};

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(values[name] ?? whole));

/** A dashboard string: dashboard/src/i18n/locales/<language>/<namespace>.json. */
export const dashboardText = (
  language: string,
  namespace: string,
  key: string,
  values: Record<string, string | number> = {},
) => {
  const file = path.join(REPO_ROOT, 'dashboard/src/i18n/locales', language, `${namespace}.json`);
  return fill(lookup(load(file), key, file), values);
};

/** A marketplace site string: sites/marketplace/src/i18n/<language>.json. */
export const siteText = (language: string, key: string, values: Record<string, string | number> = {}) => {
  const file = path.join(REPO_ROOT, 'sites/marketplace/src/i18n', `${language}.json`);
  return fill(lookup(load(file), key, file), values);
};

/** Matches names that start as the template does before its first {{placeholder}} ("Record {{label}}"). */
export const startsLike = (template: string) =>
  new RegExp(`^${template.split('{{')[0]?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') ?? ''}`);
