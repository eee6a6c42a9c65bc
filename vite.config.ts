import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const web = (path: string) => fileURLToPath(new URL(`./web/${path}`, import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: [
    // Generates web/src/routeTree.gen.ts from web/src/routes and splits each route into its own chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: web('src/routes'),
      generatedRouteTree: web('src/routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
    // The installable app (issue 18): the web manifest, and the service worker (web/src/sw.ts) built with
    // the list of this build's files to keep. The browser's build only; the server's has no worker.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        // Registered by the app itself once the page has hydrated (features/offline/ServiceWorkerHost).
        injectRegister: false,
        manifest: {
          name: 'Selah — read and study the Bible',
          short_name: 'Selah',
          description: 'Read the Bible in your translation, highlight and note it, ask questions answered from Scripture, listen, and keep a daily habit.',
          start_url: '/bible',
          scope: '/',
          display: 'standalone',
          background_color: '#fafaf9',
          theme_color: '#7c2d12',
          categories: ['books', 'education', 'lifestyle'],
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
          ],
        },
        injectManifest: {
          // Every file of the build but the pre-compressed copies (the server picks those itself).
          globPatterns: ['**/*.{js,css,woff2,svg,png,webmanifest}'],
          globIgnores: ['sw.js'],
        },
      }),
  ],
  // Two builds: the browser's (served from dist/web, its entry found through the manifest) and the
  // server's (dist/server, imported by the server to render pages; never served).
  build: isSsrBuild
    ? { outDir: '../dist/server', emptyOutDir: true, copyPublicDir: false }
    : { outDir: '../dist/web', emptyOutDir: true, manifest: true, rollupOptions: { input: web('src/entry-client.tsx') } },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
