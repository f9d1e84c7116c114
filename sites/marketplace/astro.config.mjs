// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Static output: the one-box server (or a CDN) serves dist/ as files. Pages live at the spec's paths
// (/marketplace/*, and the partner landing pages at the root), so there is no base path.
export default defineConfig({
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
});
