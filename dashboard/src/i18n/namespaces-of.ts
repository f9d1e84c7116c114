/**
 * The namespaces other than `common` a module's source names: `useTranslation('x')` or `(['x', 'y'])`, a key
 * `'x:key'`, `{ ns: 'x' }`, `<Trans ns="x">`. The build (vite.config.ts) makes each module ask for these as it loads
 * (`needNamespaces`). Naming one too many costs a small file; one missed would leave a screen's keys unloaded, so
 * every way the code names a namespace is matched (namespaces-of.test.ts checks the source against it).
 */
export const namespacesOf = (code: string, namespaces: readonly string[]): string[] => {
  const found = new Set<string>();
  const add = (name: string | undefined) => {
    if (name && name !== 'common' && namespaces.includes(name)) found.add(name);
  };
  for (const [, list = ''] of code.matchAll(/useTranslation\(\s*\[([^\]]*)\]/g))
    for (const [, name] of list.matchAll(/['"`]([\w-]+)['"`]/g)) add(name);
  for (const [, name] of code.matchAll(/useTranslation\(\s*['"`]([\w-]+)['"`]/g)) add(name);
  for (const [, name] of code.matchAll(/['"`]([\w-]+):/g)) add(name);
  for (const [, name] of code.matchAll(/\bns(?::\s*|=\{?)['"`]([\w-]+)['"`]/g)) add(name);
  return [...found].sort();
};
