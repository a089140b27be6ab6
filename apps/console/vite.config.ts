import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:8080';

/** `vite build` always makes the production bundle, whatever NODE_ENV the shell exports (as apps/web does). */
function productionBuild(): Plugin {
  return {
    name: 'console:production-build',
    apply: 'build',
    config() {
      process.env.NODE_ENV = 'production';
    },
  };
}

export default defineConfig({
  // Served by the shop's server at /console (apps/server/src/modules/web/console-app.routes.ts).
  base: '/console/',
  plugins: [productionBuild(), react()],
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    port: 5174,
    // the API, uploaded images, and the web app's product and payment pictures the catalogue shows
    proxy: Object.fromEntries(['/api', '/media', '/goods', '/pay'].map((path) => [path, { target: backend, changeOrigin: true }])),
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
});
