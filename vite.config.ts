import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstLoadChunks } from './scripts/first-load-chunks.ts';
import { precompress } from './scripts/precompress.ts';
import { offlinePage, pwaOptions } from './scripts/pwa.ts';

// The dev server forwards API and socket traffic to the API server (`npm run dev` starts both).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

// Vendor groups get their own long-lived chunks: they change less often than app code, so
// browsers keep them cached across deploys. Heavy screens are lazy routes (see router.tsx).
// Mantine's whole library is not one group: one chunk of every component any screen uses was
// 125 kB gzipped on the first page. Its base (the provider, Box, the styles API) and the few
// components the sign-in page and every other page show are one chunk: some forty small files,
// each gzipped on its own, cost the sign-in page 10 kB more than one file (decision 095).
const vendorGroups: { name: string; test: RegExp; maxSize?: number }[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  // The app's own router (decision 133) in a file of its own, as the router it replaced had one:
  // left among the app's modules it made the bundler split five shared modules out of the entry
  // into files of their own (/login 1.2 kB and /home 1.6 kB heavier).
  { name: 'router', test: /[\\/]src[\\/]client[\\/]lib[\\/]router[\\/]/ },
  // The password-strength dictionaries (loaded only where a password is chosen) are 1.2 MB of
  // word lists, one chunk per language package before: in pieces under 450 kB they download in
  // parallel and no chunk passes Vite's 500 kB warning.
  { name: 'passwords', test: /[\\/]node_modules[\\/]@zxcvbn-ts[\\/]language-/, maxSize: 450 * 1024 },
  {
    name: 'mantine-base',
    // Only these: a component listed here loads with the first page wherever it is used.
    test: /[\\/]node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Input|InputBase|Button|Checkbox|ActionIcon|CloseButton|Loader|Group|Title|Text|ThemeIcon|Paper|Center|UnstyledButton|Stack|Anchor))[\\/])/,
  },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
  {
    name: 'socket',
    test: /[\\/]node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io|xmlhttprequest-ssl|debug|ms)[\\/]/,
  },
];

// The signed-in shell (every private page loads it) and the home page each in one file.
const firstLoad = firstLoadChunks({
  shell: ['src/client/shell/RequireAuth.tsx', 'src/client/shell/AppLayout.tsx'],
  pages: { home: ['src/client/shell/HomePage.tsx'] },
  // The sign-in page, and what every page loads right after its first paint (the toasts, the
  // update prompt): none of it may pull in the signed-in shell or the shared lazy code.
  apart: ['src/features/auth/client/LoginPage.tsx', 'src/client/ui/Toasts.tsx', 'src/client/ui/AppUpdate.tsx'],
  vendors: vendorGroups.map((group) => group.test),
  indexed: ['@mantine/core', '@mantine/hooks', '@tabler/icons-react'],
  // Lazy code six or more parts share — the app's own and Mantine's other components with the
  // popovers' positioning and the icons — in one file instead of a file per set of pages. Other
  // libraries keep files of their own: many pages need none of drag-and-drop, the HTML sanitiser,
  // number formatting or zod, and some carry side effects that the toasts and the sign-in page
  // need first. The validation schemas stay out too: zod builds each one when its module runs,
  // half a second at 4× CPU for the first page that loaded them all; they load with the forms.
  common: {
    from: 6,
    holds: /[\\/](src|node_modules[\\/](@mantine|@floating-ui|@tabler))[\\/]/,
    except: /\.schemas\.ts$|[\\/]src[\\/]shared[\\/]validation\.ts$/,
  },
});

export default defineConfig({
  root: '.',
  // Static files (favicon) live with the client code.
  publicDir: 'src/client/public',
  plugins: [react(), firstLoad.plugin, offlinePage(), VitePWA(pwaOptions), precompress()],
  build: {
    // CLIENT_DIR lets parallel test runs build and serve their own copy.
    outDir: process.env.CLIENT_DIR ?? 'dist/client',
    emptyOutDir: true,
    // Maps are written for debugging but not linked from the bundles.
    sourcemap: 'hidden',
    // dist/client/.vite/manifest.json: which chunks each page loads first (scripts/initial-js.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [...vendorGroups, ...firstLoad.groups],
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
