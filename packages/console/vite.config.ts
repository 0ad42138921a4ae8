import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ComponentType, ReactNode } from 'react';
import gzipPlugin from 'rollup-plugin-gzip';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { loginStyleTree } from './src/pages/login/staticStyles';

/**
 * The release version: written into index.html (`<meta name="version">`) and dist/version.json.
 * On navigation the console compares the meta with GET /version.json (SPEC section 7), which the
 * server answers from this very file, and offers a reload when they differ (TRIALAB_VERSION
 * overrides the package version).
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

/** SPEC/issue 6: showing /login takes at most 300 KB of gzip JavaScript and CSS. */
const LOGIN_BUDGET_BYTES = 300 * 1024;
/**
 * Modules /login must not load (issue 25): not needed before the form takes input, they would cost
 * compile and run time there. The HTTP client comes with the first call to the server
 * (services/request/index.ts).
 */
const OFF_FIRST_SCREEN: readonly RegExp[] = [/[\\/]node_modules[\\/]axios[\\/]/];
/**
 * Fails the build when /login's JavaScript and CSS outgrow the budget: the scripts and style sheets
 * index.html names, everything they import statically and their CSS (the default language's texts
 * included, see src/locales), each gzipped alone (as bench/console-load.ts counts them in the browser).
 */
function loginBudget(): Plugin {
  return {
    name: 'trialab-login-budget',
    apply: 'build',
    // After writing: the files exactly as served (preload lists and source-map comments included).
    writeBundle(options, bundle) {
      const files = new Set<string>();
      const misplaced: string[] = [];
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (files.has(fileName) || !chunk) return;
        files.add(fileName);
        if (chunk.type !== 'chunk') return;
        for (const id of chunk.moduleIds) {
          if (OFF_FIRST_SCREEN.some((pattern) => pattern.test(id))) misplaced.push(id);
        }
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return this.error('no index.html in the bundle');
      for (const [, fileName] of String(html.source).matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) {
        if (fileName) visit(fileName);
      }
      if (misplaced.length > 0) {
        return this.error(
          `/login loads what it must not (import it lazily): ${[...new Set(misplaced)].slice(0, 5).join(', ')}`,
        );
      }
      const dir = options.dir ?? 'dist';
      let bytes = 0;
      for (const fileName of files) bytes += gzipSync(readFileSync(join(dir, fileName))).length;
      const figure = `/login: ${(bytes / 1024).toFixed(1)} KB gzip JS+CSS in ${files.size} files (budget ${LOGIN_BUDGET_BYTES / 1024} KB)`;
      if (bytes > LOGIN_BUDGET_BYTES) {
        this.error(
          `${figure}: over budget. Keep what only the shell or a page needs out of /login's imports (lazy import()).`,
        );
      }
      this.info(figure);
    },
  };
}

const LOGIN_STYLES = 'virtual:login-antd.css';

/** What the build uses of @ant-design/cssinjs (antd's dependency, not ours: no types here). */
interface CssInJs {
  createCache: () => object;
  StyleProvider: ComponentType<{ cache: object; children?: ReactNode }>;
  extractStyle: (cache: object, options: { plain: boolean; types: 'style' }) => string;
}

/**
 * antd's styles of the /login form, computed here instead of at its first render (that render was
 * most of /login's one long main-thread task): the components of `loginStyleTree` rendered with
 * react-dom/server into a cssinjs cache, its component styles (no theme values: antd 6 styles read
 * CSS variables, which the runtime still sets from the user's theme) written as a CSS file that
 * index.html links (main.tsx imports it).
 */
function loginStyles(): Plugin {
  const resolved = `\0${LOGIN_STYLES}`;
  return {
    name: 'trialab-login-styles',
    resolveId: (id) => (id === LOGIN_STYLES ? resolved : undefined),
    load(id) {
      if (id !== resolved) return;
      const require = createRequire(import.meta.url);
      const React: typeof import('react') = require('react');
      const { renderToString }: typeof import('react-dom/server') = require('react-dom/server');
      const antd: typeof import('antd') = require('antd');
      // antd's own copy of cssinjs: its StyleProvider is the context antd's components read.
      const cssinjs: CssInJs = createRequire(require.resolve('antd'))('@ant-design/cssinjs');
      const cache = cssinjs.createCache();
      renderToString(
        React.createElement(
          cssinjs.StyleProvider,
          { cache },
          // Unhashed selectors (.ant-btn), as antd's own dist/antd.css: they match whatever hash.
          React.createElement(
            antd.ConfigProvider,
            { theme: { hashed: false } },
            loginStyleTree(antd, React.createElement),
          ),
        ),
      );
      const css = cssinjs.extractStyle(cache, { plain: true, types: 'style' });
      if (!css.includes('.ant-btn{')) this.error('no antd styles extracted for /login');
      return css;
    },
  };
}

const brotli = promisify(brotliCompress);
/** Text files worth compressing (images are compressed already, source maps are not fetched by pages). */
const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;

/**
 * Each text file also as `.br` (brotli, best quality) and `.gz` (gzip -9) beside it: the server
 * sends the best one the browser accepts (@fastify/static `preCompressed`), at no run-time cost.
 */
function precompress(): Plugin[] {
  return [
    gzipPlugin({ filter: COMPRESSIBLE, minSize: 1024, gzipOptions: { level: 9 } }),
    gzipPlugin({
      filter: COMPRESSIBLE,
      minSize: 1024,
      fileName: '.br',
      customCompression: (content) =>
        brotli(Buffer.from(content), {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          },
        }),
    }),
  ] as Plugin[];
}

// The API server serves the built console; in `vite dev` calls are proxied to it.
export default defineConfig({
  plugins: [react(), versionFile(), loginStyles(), loginBudget(), ...precompress()],
  resolve: { conditions: ['@trialab/source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/version.json': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    // The first-screen vendor chunk (below) is one file by design; /login's budget bounds it.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry imports statically (everything /login runs) in two chunks instead of
          // about forty: one request each, one brotli window each. Libraries apart from our code,
          // so a release that changes only our code keeps the larger one cached. Lazy pages import
          // from these as they imported from the small shared chunks before. (The entry module
          // ends up in `app`, which index.html loads directly: no separate entry chunk.)
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
