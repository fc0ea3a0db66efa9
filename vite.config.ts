import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards API and socket traffic to the API server (`npm run dev` starts both).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

// Vendor groups get their own long-lived chunks: they change less often than app code, so
// browsers keep them cached across deploys. Heavy screens are lazy routes (see router.tsx).
const vendorGroups: { name: string; test: RegExp }[] = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  },
  {
    name: 'mantine',
    test: /[\\/]node_modules[\\/](@mantine|@floating-ui|clsx|react-remove-scroll.*|react-number-format|react-textarea-autosize|use-sidecar|use-callback-ref|tslib|get-nonce|detect-node-es|react-style-singleton)[\\/]/,
  },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
  {
    name: 'socket',
    test: /[\\/]node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io|xmlhttprequest-ssl|debug|ms)[\\/]/,
  },
];

export default defineConfig({
  root: '.',
  // Static files (favicon) live with the client code.
  publicDir: 'src/client/public',
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Maps are written for debugging but not linked from the bundles.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups,
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: apiTarget },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  preview: { host: '127.0.0.1' },
});
