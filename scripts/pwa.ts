import type { Plugin } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { clientMessages } from '../src/client/client.messages.ts';

// The installable app (decision 101): the web app manifest, the service worker's settings, and the
// page a visit gets while the server cannot be reached.

const BRAND = '#4c6ef5';

export const pwaOptions: Partial<VitePWAOptions> = {
  // A new version waits until the person chooses to reload (ui/AppUpdate.tsx registers it).
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
  manifest: {
    name: 'Cadence',
    short_name: 'Cadence',
    description: 'Recurring meetings, their agendas and the work that comes out of them.',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: BRAND,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The shell: every script, style, font and image of this build (not the compressed copies,
    // not the password dictionaries, which load where a password is chosen). An open page keeps
    // its build's chunks until it reloads: never half of one version and half of the next.
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    globIgnores: ['**/passwords-*.js'],
    inlineWorkboxRuntime: true,
    cleanupOutdatedCaches: true,
    // A page comes from the network, always (its data is private and current); without one, the
    // offline page. No API answer is ever cached.
    navigateFallback: null,
    runtimeCaching: [
      {
        urlPattern: ({ request }) => request.mode === 'navigate',
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: '/offline.html' } },
      },
    ],
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** offline.html, from the shell's texts: no script (the CSP), light and dark. */
export const offlinePage = (): Plugin => ({
  name: 'cadence-offline-page',
  apply: 'build',
  generateBundle() {
    const m = clientMessages;
    this.emitFile({
      type: 'asset',
      fileName: 'offline.html',
      source: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="theme-color" content="${BRAND}" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>${escapeHtml(m.offlineTitle)} · Cadence</title>
    <style>
      :root { color-scheme: light dark; --text: #212529; --muted: #495057; --page: #f8f9fa; --card: #fff; }
      @media (prefers-color-scheme: dark) {
        :root { --text: #e9ecef; --muted: #c1c2c5; --page: #1a1b1e; --card: #25262b; }
      }
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--page);
        color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
      main { box-sizing: border-box; width: min(28rem, calc(100vw - 2rem)); padding: 2rem; border-radius: 12px;
        background: var(--card); box-shadow: 0 1px 3px rgb(0 0 0 / 12%); text-align: center; }
      img { width: 48px; height: 48px; }
      h1 { font-size: 1.5rem; margin: 1rem 0 0.5rem; }
      p { margin: 0 0 1.5rem; color: var(--muted); }
      a { display: inline-block; padding: 0.6rem 1.2rem; border-radius: 8px; background: #3b5bdb; color: #fff;
        font-weight: 600; text-decoration: none; }
      a:focus-visible { outline: 3px solid #91a7ff; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      <img src="/favicon.svg" alt="" />
      <h1>${escapeHtml(m.offlineTitle)}</h1>
      <p>${escapeHtml(m.offlineText)}</p>
      <a href="/">${escapeHtml(m.offlineRetry)}</a>
    </main>
  </body>
</html>
`,
    });
  },
});
