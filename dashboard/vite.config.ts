import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// Node's process, typed here because the dashboard does not depend on @types/node.
declare const process: { env: Record<string, string | undefined> };

// The API server the dev server forwards to (the one-box server listens on 3000 by default).
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
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
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
  },
});
