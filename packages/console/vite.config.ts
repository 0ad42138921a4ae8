import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The API server serves the built console; in `vite dev` calls are proxied to it.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@trialab/source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/version.json': 'http://localhost:8080' },
  },
  build: { outDir: 'dist', sourcemap: true },
});
