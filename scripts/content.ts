/**
 * `npm run content -- import <folder>` loads Markdown files with front matter (authors, lessons, news,
 * prayers; see content/sample/README.md) into the site. Files already imported are updated in place.
 * Uses the server's settings (DATA_DIR or DATABASE_URL); with the embedded database, stop the server first.
 */
import { resolve } from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { ContentError } from '../server/src/modules/content/content-folder.ts';

const USAGE = 'Usage: npm run content -- import <folder>';

async function main([command, folder]: string[]): Promise<number> {
  if (command !== 'import' || !folder) {
    console.error(USAGE);
    return 2;
  }
  // The whole app, so the content goes through the same rules and audit log as the admin panel.
  const app = await buildApp({ config: { ...loadConfig(), webDist: '/nonexistent' }, logger: false });
  try {
    const counts = await app.importContent(resolve(folder));
    const both = ({ added, updated }: { added: number; updated: number }) => `${added} added, ${updated} updated`;
    console.log(`Authors: ${both(counts.authors)}. Lessons: ${both(counts.lessons)}. News: ${both(counts.news)}. Prayers: ${counts.prayers}.`);
    return 0;
  } finally {
    await app.server.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error instanceof ConfigError || error instanceof ContentError ? error.message : `content: ${error.message}`);
    process.exit(1);
  },
);
