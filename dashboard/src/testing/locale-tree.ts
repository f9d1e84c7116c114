import { PLURAL } from '../i18n/server-text.ts';

export { PLURAL };

/** A locale file: nested keys down to their strings. */
export type Tree = { [key: string]: string | Tree };

/** Every key of a locale file as its dotted path, with its string. */
export const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
};
