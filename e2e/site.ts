import { inject } from 'vitest';

/** One running copy of the app for the browser tests, with the loopback services around it. */
export interface E2eSite {
  baseUrl: string;
  /** Folder where its loopback SMTP server drops each message it receives, one .eml file each. */
  inboxDir: string;
  /** Sets how its licensed provider's stand-in answers a chapter (see server/test/api-bible-server.ts). */
  apiBibleControl: string;
  /** Its media folder (generated audio), for a test that spoils a file on purpose. */
  mediaDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sites: E2eSite[];
  }
}

/**
 * The site of this test file: browser test files run two at a time (vitest.config.ts), each worker on a
 * site of its own (global-setup.ts), so a file's accounts, mail, media and changes to the site (a
 * translation installed, the stand-in told to fail) never meet another file running at the same time.
 */
export function site(): E2eSite {
  const sites = inject('sites');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return sites[(worker - 1) % sites.length]!;
}
