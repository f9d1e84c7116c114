// @ts-check
import react from '@astrojs/react';
import { lightContract } from '@coach/shared/build/light-contract';
import { defineConfig } from 'astro/config';

// Static output: the one-box server (or a CDN) serves dist/ as files. Pages live at the spec's paths
// (/marketplace/*, and the partner landing pages at the root), so there is no base path; the other
// languages' pages live under their prefix.
export default defineConfig({
  output: 'static',
  // Servers that build this one source folder at the same time (the e2e workers' servers) each keep their own
  // cache, so one build never reads another's half-written one.
  ...(process.env.SITE_CACHE_DIR ? { cacheDir: process.env.SITE_CACHE_DIR } : {}),
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  // The scripts every page with an island loads, each as one file instead of many small ones:
  // React with ReactDOM's client and Astro's renderer, and the site's shared helpers that the header search and
  // the islands import up front (the light contract's calls among them). A lazy feature's modules (ky, the toaster,
  // the forms, Radix) match neither, so they stay in their own chunks, fetched when used.
  vite: {
    // virtual:light-contract/<module>: the contract's calls without their schemas, so no page's scripts carry zod
    // (shared/src/build/light-contract.ts, src/light-contract.d.ts).
    plugins: [lightContract()],
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
              },
              {
                name: 'site',
                test: /[\\/](sites[\\/]marketplace[\\/]src[\\/](i18n[\\/](format|languages)|lib[\\/](links|load-api)|islands[\\/]toasts)\.ts|shared[\\/]src[\\/](constants[\\/](timing|languages)|contract[\\/]define-call)\.ts|vite[\\/]preload-helper)|virtual:light-contract\//,
              },
            ],
          },
        },
      },
    },
  },
  // Spec §9's nine languages: English at the spec's paths, the others under their prefix (/es/marketplace/home).
  // Each page exists once per language (src/pages/[lang]/ beside the English ones, built from src/views/).
  i18n: {
    locales: ['en', 'ar', 'fa', 'hi', 'zh-Hans', 'ps', 'es', 'uk', 'vi'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
  // Astro hashes the inline scripts and styles it emits (island hydration, the menu script) into a <meta> policy,
  // so a page served from any host only runs the scripts this build put there. The one-box server sends the full
  // policy as a header (frame-ancestors and the rest cannot live in a <meta>). style-src stays open in the <meta>
  // because react-hot-toast inserts its <style> at run time with the server's per-response nonce, which a static
  // file cannot know; the header's style-src allows only that nonce and these hashes.
  security: {
    csp: {
      scriptDirective: { resources: ["'self'"] },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
});
