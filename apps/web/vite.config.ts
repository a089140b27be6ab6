import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The workspace root holds react 18 (hoisted for antd-mobile's peer range); every import must use this app's react 19.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/sandbox': { target: backend, changeOrigin: true },
    },
  },
  build: {
    manifest: true,
    target: 'es2022',
    // The voucher page budget is about JavaScript; keep CSS per chunk so lazy screens bring their own styles.
    cssCodeSplit: true,
    chunkSizeWarningLimit: 200,
  },
});
