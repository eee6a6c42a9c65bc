// `npm start`: builds the web app if it has not been built, then runs the server (TypeScript through
// tsx, so there is no separate server build to forget).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webDist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(root, 'dist/web');

// Two builds: the browser's (dist/web) and the server's, which renders the pages (dist/server).
if (!existsSync(join(webDist, '.vite/manifest.json')) || !existsSync(join(webDist, '../server/entry-server.js'))) {
  console.log('Building the web app (first start)…');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // Always React's production build, whatever NODE_ENV the shell has (a development one is slower and warns).
  const env = { ...process.env, NODE_ENV: 'production' };
  const viteBuild = (...args) => spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', ...args], { cwd: root, stdio: 'inherit', env }).status === 0;
  const built = viteBuild() && viteBuild('--ssr', 'src/entry-server.tsx');
  const compressed = built && spawnSync(process.execPath, [join(root, 'scripts/compress-assets.mjs')], { stdio: 'inherit' });
  if (!compressed || compressed.status !== 0) {
    console.error('Selah could not start: building the web app failed (see above).');
    process.exit(1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import('../server/src/main.ts');
