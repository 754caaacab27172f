import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // Inline nothing: every asset is a file so the CSP never needs data: or inline sources.
    assetsInlineLimit: 0,
  },
});
