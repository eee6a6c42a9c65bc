import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { hasWebBuild } from '../src/modules/web/server-render.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

/** The web app's build the tests render pages with; WEB_DIST lets several people test their own builds side by side. */
export const WEB_DIST = process.env.WEB_DIST ?? join(ROOT, 'dist/web');

/** Builds the web app (browser and server builds) when it has not been built. */
export function ensureWebBuild(): void {
  if (hasWebBuild(WEB_DIST)) return;
  // Vitest sets NODE_ENV=test, and a build that inherits it ships React's development build: the tests
  // would check a different app from the one people get.
  const built = spawnSync('npm', ['run', '--silent', 'build:web'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (built.status !== 0) throw new Error('building the web app failed');
}

/** Vitest global setup of the API tests: the page tests render with the real build. */
export default function setup(): void {
  ensureWebBuild();
}
