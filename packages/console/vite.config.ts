import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

/**
 * The release version: written into index.html (`<meta name="version">`) and dist/version.json.
 * On navigation the console compares it with GET /version.json (SPEC section 7) and offers a
 * reload when they differ. The server currently answers /version.json with its own package
 * version, so both packages must carry the release version (TRIALAB_VERSION overrides).
 */
const version = process.env.TRIALAB_VERSION ?? pkg.version;

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
