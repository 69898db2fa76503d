import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web app builds to dist/, which the server serves; `npm run dev` proxies /api to the server on 8080. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.PORTAL_API ?? 'http://127.0.0.1:8080', ws: true } },
  },
});
