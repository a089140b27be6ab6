import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import preact from '@preact/preset-vite';

const backend = 'http://localhost:8080';

/**
 * `vite build` always makes the production bundle: with NODE_ENV=development exported in the shell, Vite would build
 * React's development code. Vite and the React plugin read NODE_ENV after the config hooks, this one first.
 */
function productionBuild(): Plugin {
  return {
    name: 'shop:production-build',
    apply: 'build',
    config() {
      process.env.NODE_ENV = 'production';
    },
  };
}

const REACT_FOR_ROUTER = fileURLToPath(new URL('./src/app/react-for-router.js', import.meta.url));

/** React Router's `react` (aliased to preact/compat by the Preact preset) is src/app/react-for-router.js: see there why. */
function reactForRouter(): Plugin {
  return {
    name: 'shop:react-for-router',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromRouter = importer !== undefined && /[\\/]node_modules[\\/]react-router[\\/]/.test(importer);
      return fromRouter && (source === 'react' || source === 'preact/compat') ? REACT_FOR_ROUTER : null;
    },
  };
}

/** The app, which index.html's small entry (src/main.tsx) imports once the page has painted. */
const APP_SCRIPT = 'src/app/start.tsx';

/** The landing screens' first requests (an entry of its own, also imported first by the app). */
const EARLY_SCRIPT = 'src/app/early.ts';

/**
 * The screens players land on, with the modules src/app/routes.tsx loads for each: the server adds modulepreload
 * links for their chunks to index.html when it answers that address, so they download alongside the entry instead of
 * after it ran (apps/server/src/modules/web/page-preloads.ts). Other addresses load their screen as before.
 */
const LANDING_ROUTES: Record<string, string[]> = {
  '/voucher': ['src/features/voucher/routes/VoucherPage.tsx'],
  '/home': ['src/app/layout/MainLayout.tsx', 'src/features/shop/routes/HomePage.tsx'],
  '/login': ['src/features/auth/routes/LoginPage.tsx'],
  '/payment/return': ['src/features/payment/routes/PaymentReturnPage.tsx'],
};

/** Where a language's messages are: one chunk per locale file (src/shared/i18n/messages.ts). */
const LOCALE_MODULE = /[\\/]src[\\/]locales[\\/]([A-Za-z_]+)\.json$/;

/** The file the server reads: per landing address its scripts and style sheets, per language its messages' chunk. */
interface PagePreloads {
  routes: Record<string, { scripts: string[]; styles: string[] }>;
  locales: Record<string, string>;
}

/**
 * Static module graphs the chunk groups below need, computed once the build has read every module: the early script's,
 * the app's and the voucher screen's.
 */
function moduleGraphs() {
  const graphs = { early: new Set<string>(), app: new Set<string>(), voucher: new Set<string>() };
  const plugin: Plugin = {
    name: 'shop:module-graphs',
    apply: 'build',
    buildEnd() {
      const walk = (id: string, into: Set<string>) => {
        if (into.has(id)) return;
        const info = this.getModuleInfo(id);
        if (!info) return;
        into.add(id);
        for (const next of info.importedIds) walk(next, into);
      };
      for (const id of this.getModuleIds()) {
        if (id.endsWith(EARLY_SCRIPT)) walk(id, graphs.early);
        if (id.endsWith(APP_SCRIPT)) walk(id, graphs.app);
        if (id.endsWith(LANDING_ROUTES['/voucher']![0]!)) walk(id, graphs.voucher);
      }
    },
  };
  return { graphs, plugin };
}

type Chunk = Extract<Rollup.OutputBundle[string], { type: 'chunk' }>;

/** A chunk's file and, recursively, its static imports' files. */
function staticGraph(bundle: Rollup.OutputBundle, file: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[file];
  if (!chunk || chunk.type !== 'chunk' || into.has(file)) return into;
  into.add(file);
  for (const next of chunk.imports) staticGraph(bundle, next, into);
  return into;
}

/** The chunk holding the app (src/app/start.tsx), which the entry imports dynamically. */
const appChunk = (bundle: Rollup.OutputBundle) =>
  Object.values(bundle).find((output): output is Chunk => output.type === 'chunk' && output.moduleIds.some((id) => id.endsWith(APP_SCRIPT)));

function pagePreloads(): Plugin {
  return {
    name: 'shop:page-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        // the early requests' chunk runs on its own as soon as it is in (async: it imports nothing and does not wait for
        // the document, the style sheets or the entry, whose compilation takes hundreds of milliseconds on a slow phone)
        const early = Object.values(bundle).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(EARLY_SCRIPT));
        let page = html;
        if (early && !page.includes(`src="/${early.fileName}"`)) {
          page = page.replace(/<script type="module"/, `<script type="module" async crossorigin src="/${early.fileName}"></script>\n    <script type="module"`);
        }
        // the app's chunks download while the entry waits for the first paint
        const app = appChunk(bundle);
        if (!app) throw new Error(`page preloads: no chunk holds ${APP_SCRIPT}`);
        const appFiles = [...staticGraph(bundle, app.fileName)];
        const links = appFiles
          .filter((file) => !page.includes(`"/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        // and the app's style sheets: the entry's import of the app adds them and waits for them before running the app,
        // which would otherwise be a request in the way of the first render. Preloaded, not linked: a style sheet linked
        // here would hold back the first paint as well.
        const styles = [...new Set(appFiles.flatMap((file) => [...((bundle[file] as Chunk).viteMetadata?.importedCss ?? [])]))]
          .filter((file) => !page.includes(`"/${file}"`))
          .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
        return page.replace('</head>', `  ${[...styles, ...links].join('\n    ')}\n  </head>`);
      },
    },
    generateBundle: {
      // after Vite dropped the style sheets' empty JavaScript chunks
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // what index.html loads anyway: its entries' static graphs and the app's
        const initial = new Set<string>();
        const collect = (file: string, into: Set<string>) => staticGraph(bundle, file, into);
        for (const chunk of chunks) if (chunk.isEntry) collect(chunk.fileName, initial);
        const app = appChunk(bundle);
        if (app) collect(app.fileName, initial);
        const preloads: PagePreloads = { routes: {}, locales: {} };
        for (const [path, modules] of Object.entries(LANDING_ROUTES)) {
          const files = new Set<string>();
          for (const module of modules) {
            const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(module)));
            if (!chunk) throw new Error(`page preloads: no chunk for ${module} (${path})`);
            collect(chunk.fileName, files);
          }
          const scripts = [...files].filter((file) => !initial.has(file));
          const styles = new Set(scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
          preloads.routes[path] = { scripts: scripts.map((file) => `/${file}`), styles: [...styles].map((file) => `/${file}`) };
        }
        for (const chunk of chunks) {
          const language = chunk.facadeModuleId && LOCALE_MODULE.exec(chunk.facadeModuleId)?.[1];
          if (language) preloads.locales[language] = `/${chunk.fileName}`;
        }
        this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: `${JSON.stringify(preloads, null, 2)}\n` });
      },
    },
  };
}

const { graphs, plugin: moduleGraphsPlugin } = moduleGraphs();
export default defineConfig({
  // Preact runs the app: its preset aliases react and react-dom to preact/compat (ADR 0033,
  // docs/adr/0033-preact.md)
  plugins: [productionBuild(), reactForRouter(), preact(), moduleGraphsPlugin, pagePreloads()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/sandbox': { target: backend, changeOrigin: true },
      // thumbnails and icons operators upload in the console
      '/media': { target: backend, changeOrigin: true },
    },
  },
  build: {
    manifest: true,
    rollupOptions: {
      input: { index: 'index.html', early: EARLY_SCRIPT },
      output: {
        // Fewer, larger files on the first load (each response costs a request and its headers): the early script's
        // modules in its own chunk, the app and the voucher screen's shared modules in one.
        codeSplitting: {
          groups: [
            { name: 'early', test: (id) => graphs.early.has(id), priority: 2 },
            {
              name: 'app',
              test: (id) => graphs.app.has(id) || (graphs.voucher.has(id) && !/[\\/]src[\\/]features[\\/]voucher[\\/]/.test(id)),
              priority: 1,
            },
            // antd-mobile's helpers (with react-spring and ahooks), which its components import: one file, not six
            { name: 'antd-utils', test: /node_modules[\\/](antd-mobile[\\/]es[\\/]utils|@react-spring|ahooks)[\\/]/, priority: 1 },
          ],
        },
      },
    },
    target: 'es2022',
    chunkSizeWarningLimit: 300,
  },
});
