import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { versionFile } from './version-plugin';

/** The API server in development (`npm run dev -w apps/server`); the dev server proxies to it. */
const api = process.env.LINTEL_API ?? 'http://127.0.0.1:5005';

export default defineConfig({
  plugins: [react(), versionFile()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/upload': api,
      '/swagger': api,
      // The realtime hub (Socket.IO over WebSocket).
      '/hubs': { target: api, ws: true },
    },
  },
  build: {
    // The server serves dist/ with long-cache headers on assets/ (hashed names).
    outDir: 'dist',
    chunkSizeWarningLimit: 1200,
  },
});
