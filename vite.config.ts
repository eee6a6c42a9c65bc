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
  build: isSsrBuild ? { outDir: '../dist/server', emptyOutDir: true, copyPublicDir: false } : { outDir: '../dist/web', emptyOutDir: true, manifest: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
