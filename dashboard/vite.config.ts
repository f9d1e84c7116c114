import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lightContract } from '@coach/shared/build/light-contract';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { namespacesOf } from './src/i18n/namespaces-of.ts';

// Node's process, typed here because the dashboard does not depend on @types/node.
declare const process: { env: Record<string, string | undefined> };

const src = fileURLToPath(new URL('./src/', import.meta.url));
const i18nFolder = path.join(src, 'i18n');
const i18nIndex = path.join(i18nFolder, 'index.ts');
const NAMESPACES = readdirSync(path.join(i18nFolder, 'locales/en')).map((file) =>
  file.replace(/\.json$/, ''),
);

/**
 * Each module that names a namespace other than `common` asks for it as it loads (i18n/index.ts `needNamespaces`),
 * so a route's strings load with its chunk and the route shows once they are in: the first load holds one language
 * and only the namespaces its screen uses. The call goes at the end (imports are hoisted either way), so the
 * module's lines and source map stay as written.
 */
/**
 * The loader's own modules ask for nothing: `index.ts` defines `needNamespaces`, and `server-text.ts`'s namespace is
 * loaded by the loader itself when a language other than English shows. Every other module of i18n/ is a screen's
 * helper like any other (course-text.ts names the `courses` namespace that My courses needs too).
 */
const LOADER_MODULES = new Set([i18nIndex, path.join(i18nFolder, 'server-text.ts')]);

const i18nNamespaces = (): Plugin => ({
  name: 'coach-i18n-namespaces',
  enforce: 'pre',
  transform(code, id) {
    const file = id.split('?')[0] ?? id;
    if (!file.startsWith(src) || LOADER_MODULES.has(file) || !/\.tsx?$/.test(file)) return null;
    if (/\.test\.tsx?$/.test(file)) return null;
    const namespaces = namespacesOf(code, NAMESPACES);
    if (namespaces.length === 0) return null;
    let from = path.relative(path.dirname(file), i18nIndex).split(path.sep).join('/');
    if (!from.startsWith('.')) from = `./${from}`;
    return {
      code: `${code}\nimport { needNamespaces as __needNamespaces } from '${from}';\n__needNamespaces(${JSON.stringify(namespaces)});\n`,
      map: null,
    };
  },
});

// The API server the dev server forwards to (the one-box server listens on 3000 by default).
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    i18nNamespaces(),
    // virtual:light-contract/<module>: the contract's calls without their schemas, for the sign-in screens' first
    // scripts (no zod there; see shared/src/build/light-contract.ts and src/light-contract.d.ts).
    lightContract(),
    react(),
    // A brotli (quality 11) and a gzip (level 9) copy beside each text file of the build, public/ included
    // (app.js → app.js.br, app.js.gz), which the server sends by content negotiation (server/src/static-files.ts).
    // index.html is left out: each answer of it carries its own nonce, so the server compresses it per request.
    compression({
      include: /\.(js|mjs|css|json|svg|txt|xml|webmanifest|map|vtt|ico)$/,
      algorithms: ['brotliCompress', 'gzip'],
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/dev': { target: apiTarget, changeOrigin: true },
      // The LTI and SCIM endpoints the server answers outside /api (/lti/continue is the dashboard's own page).
      '^/lti/(login|launch|jwks|return)$': { target: apiTarget, changeOrigin: true },
      '/scim': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
  },
});
