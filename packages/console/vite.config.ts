import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

/**
 * The build's version: written into index.html (`<meta name="version">`) and /version.json, which
 * the console compares on navigation to offer a reload after a deployment (SPEC section 7).
 */
const version = process.env.TRIALAB_VERSION ?? `${pkg.version}+${new Date().toISOString()}`;

function versionFile(): Plugin {
  return {
    name: 'trialab-version',
    transformIndexHtml: (html) =>
      html.replace('</head>', `  <meta name="version" content="${version}" />\n  </head>`),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
    },
  };
}

// The API server serves the built console; in `vite dev` calls are proxied to it.
export default defineConfig({
  plugins: [react(), versionFile()],
  resolve: { conditions: ['@trialab/source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/version.json': 'http://localhost:8080' },
  },
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});
