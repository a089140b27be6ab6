import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:8080';

/** The screen games open: its chunk is preloaded from index.html, in parallel with the entry, not after it ran. */
const CRITICAL_ROUTE = 'src/features/voucher/routes/VoucherPage.tsx';

/** The voucher page's first requests (an entry of its own, also imported first by src/main.tsx). */
const EARLY_SCRIPT = 'src/features/voucher/early.ts';

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

function preloadCriticalRoute(): Plugin {
  return {
    name: 'shop:preload-critical-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const route = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(CRITICAL_ROUTE),
        );
        if (!route || route.type !== 'chunk') return html;
        const files = new Set<string>([route.fileName, ...route.imports]);
        const css = [...(route.viteMetadata?.importedCss ?? [])];
        const links = [
          ...[...files].filter((file) => !html.includes(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...css.filter((file) => !html.includes(file)).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
        ];
        // the early requests' chunk runs on its own, before the entry (module scripts run in document order)
        const early = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(EARLY_SCRIPT),
        );
        let page = html;
        if (early && !html.includes(`src="/${early.fileName}"`)) {
          page = page.replace(
            /<script type="module"/,
            `<script type="module" crossorigin src="/${early.fileName}"></script>\n    <script type="module"`,
          );
        }
        return page.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [productionBuild(), react(), preloadCriticalRoute()],
  resolve: {
    // The workspace root holds react 18 (hoisted for antd-mobile's peer range); every import must use this app's react 19.
    dedupe: ['react', 'react-dom'],
  },
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
    },
    target: 'es2022',
    chunkSizeWarningLimit: 300,
  },
});
