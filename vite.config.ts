import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

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
