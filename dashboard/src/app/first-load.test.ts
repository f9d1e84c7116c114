import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIGHT_CONTRACT_PREFIX, lightExports, lightModuleCode } from '@coach/shared/build/light-contract';
import { describe, expect, it } from 'vitest';

/**
 * The sign-in page's first scripts stay small (scripts/bench/bundle.ts measures them: at most 140 KB
 * brotli). zod alone is about 23 KB brotli of that, and the browser never parses with it on the way in (the server
 * validates every request), so no module the sign-in page loads up front may import it, directly or through a
 * contract module: those screens call the light contract modules instead (`virtual:light-contract/<module>`, plain
 * data built from the contract at build time by shared/src/build/light-contract.ts). Dynamic imports are left out
 * (they load later); type-only imports are erased.
 */
const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SHARED = path.join(SRC, '../../shared/src');

/** The static value imports of one module: specifiers of `import … from`, `export … from` and bare `import '…'`. */
const valueImports = (file: string) => {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+([^;]*?)\s*from\s*'([^']+)'/gm)) {
    const clause = match[1] ?? '';
    const typeOnly =
      /^type\s/.test(clause) ||
      (/^\{[\s\S]*\}$/.test(clause) &&
        clause
          .slice(1, -1)
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .every((part) => part.startsWith('type ')));
    if (!typeOnly) found.push(match[2] ?? '');
  }
  for (const match of source.matchAll(/^import\s+'([^']+)'/gm)) found.push(match[1] ?? '');
  return found;
};

/** A specifier as a file of this repository, or the package name for a dependency. */
const resolve = (from: string, specifier: string) => {
  if (specifier.startsWith(LIGHT_CONTRACT_PREFIX)) return specifier;
  if (specifier.startsWith('@coach/shared/'))
    return path.join(SHARED, `${specifier.slice('@coach/shared/'.length)}.ts`);
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  return specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : (specifier.split('/')[0] ?? '');
};

/** Every module reachable by static value imports from the entries, with the module that imported it first. */
const graph = (entries: string[]) => {
  const seen = new Map<string, string>();
  const queue: [string, string][] = entries.map((entry) => [path.join(SRC, entry), '(entry)']);
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [module, by] = next;
    if (seen.has(module)) continue;
    seen.set(module, by);
    if (!path.isAbsolute(module) || !/\.(ts|tsx)$/.test(module) || !existsSync(module)) continue;
    for (const specifier of valueImports(module)) queue.push([resolve(module, specifier), module]);
  }
  return seen;
};

describe('the sign-in page’s first scripts', () => {
  const loaded = graph(['main.tsx', 'features/auth/login-page.tsx']);
  const relative = (file: string) => (path.isAbsolute(file) ? path.relative(SRC, file) : file);

  it('follow the imports from the entry to the login page', () => {
    // The walk itself works: it reaches the light calls and the app shell.
    expect([...loaded.keys()].map(relative)).toEqual(
      expect.arrayContaining(['virtual:light-contract/auth', 'app/app.tsx', 'react-router-dom']),
    );
  });

  it('reach light contract modules that are plain data and import nothing', async () => {
    const light = [...loaded.keys()].filter((module) => module.startsWith(LIGHT_CONTRACT_PREFIX));
    expect(light.length).toBeGreaterThan(0);
    for (const module of light) {
      // The source the build's plugin makes of the contract module (shared/src/build/light-contract.ts).
      const name = module.slice(LIGHT_CONTRACT_PREFIX.length);
      const code = lightModuleCode(
        lightExports(await import(/* @vite-ignore */ `@coach/shared/contract/${name}`)),
      );
      expect(code, module).not.toBe('');
      // Each line `export const name = <JSON>;` and nothing else.
      for (const line of code.trimEnd().split('\n')) {
        const value = /^export const \w+ = (.*);$/.exec(line)?.[1] ?? '';
        expect(() => JSON.parse(value), `${module}: ${line}`).not.toThrow();
      }
    }
  });

  it('import neither zod nor a contract module with its schemas', () => {
    const schemaModules = [...loaded]
      .filter(
        ([module]) =>
          module === 'zod' ||
          (module.startsWith(path.join(SHARED, 'contract')) && !module.endsWith('define-call.ts')),
      )
      .map(([module, by]) => `${relative(module)} (imported by ${relative(by)})`);
    expect(schemaModules).toEqual([]);
  });
});
