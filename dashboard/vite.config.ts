import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Node's process, typed here because the dashboard does not depend on @types/node.
declare const process: { env: Record<string, string | undefined> };

// The API server the dev server forwards to (the one-box server listens on 3000 by default).
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
