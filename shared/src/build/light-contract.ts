import type { CallDef } from '../contract/define-call.ts';

/**
 * The contract without its schemas, for the bundles that must stay small: the dashboard's sign-in
 * screens and the marketplace site's islands. `import { enterpriseAuth } from 'virtual:light-contract/auth'` gives
 * the call groups of shared/src/contract/auth.ts as plain data, each call with the fields the client reads (method,
 * path, auth, and the `reads` and `multipart` marks where the contract sets them), and the module's constants that
 * are a string, a number or a boolean. The contract module is evaluated in Node at build time (the repo's Node 24 runs
 * TypeScript as it is) and only that data is emitted, so neither zod nor the contract's code reaches the bundle.
 * The client never parses with the schemas: the server validates every request.
 *
 * Types: each app's `light-contract.d.ts` re-exports, per light module, the contract entries it uses, so every call
 * keeps its contract entry's type (typed input and answer) while its value carries no schema.
 *
 * A Vite plugin, so the dashboard's Vite build, the site's Astro build and both apps' Vitest resolve the same modules.
 */
export const LIGHT_CONTRACT_PREFIX = 'virtual:light-contract/';
const RESOLVED_PREFIX = `\0${LIGHT_CONTRACT_PREFIX}`;
const CONTRACT_FOLDER = new URL('../contract/', import.meta.url);

/** One call as the client needs it. */
export type LightCall = Pick<CallDef, 'method' | 'path' | 'auth' | 'reads'> & { multipart?: true };

const isCall = (value: unknown): value is CallDef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CallDef).method === 'string' &&
  typeof (value as CallDef).path === 'string' &&
  typeof (value as CallDef).auth === 'string' &&
  'request' in value &&
  'response' in value;

const isCallGroup = (value: unknown): value is Record<string, CallDef> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).length > 0 &&
  Object.values(value).every(isCall);

export const lightCall = (def: CallDef): LightCall => ({
  method: def.method,
  path: def.path,
  auth: def.auth,
  ...(def.reads ? { reads: true } : {}),
  ...(def.multipart ? { multipart: true } : {}),
});

/**
 * What a contract module's light module exports: each group of calls and each single call without its schemas,
 * and each string, number or boolean constant. Schemas, functions and other objects are left out.
 */
export const lightExports = (contractModule: Record<string, unknown>): Record<string, unknown> => {
  const light: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(contractModule)) {
    if (name === 'default') continue;
    if (isCall(value)) light[name] = lightCall(value);
    else if (isCallGroup(value))
      light[name] = Object.fromEntries(Object.entries(value).map(([key, def]) => [key, lightCall(def)]));
    else if (['string', 'number', 'boolean'].includes(typeof value)) light[name] = value;
  }
  return light;
};

/** The light module's source: one `export const` of plain data per export, and no import. */
export const lightModuleCode = (light: Record<string, unknown>): string =>
  Object.entries(light)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};\n`)
    .join('');

/** A file URL as a path (addWatchFile wants one; shared/ has no Node types for node:url). */
const pathOf = (url: URL) => decodeURIComponent(url.pathname).replace(/^\/([A-Za-z]:)/, '$1');

export const lightContract = () => {
  // Each load evaluates the module afresh (a new query), so the dev server serves a changed contract file.
  let loads = 0;
  return {
    name: 'coach-light-contract',
    resolveId(id: string) {
      return id.startsWith(LIGHT_CONTRACT_PREFIX) ? `\0${id}` : null;
    },
    async load(this: { addWatchFile?: (id: string) => void }, id: string) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const name = id.slice(RESOLVED_PREFIX.length);
      if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`${id.slice(1)}: name a module of shared/src/contract`);
      const file = new URL(`${name}.ts`, CONTRACT_FOLDER);
      this.addWatchFile?.(pathOf(file));
      loads += 1;
      const contractModule: Record<string, unknown> = await import(
        /* @vite-ignore */ `${file.href}?light=${loads}`
      );
      return lightModuleCode(lightExports(contractModule));
    },
  };
};
