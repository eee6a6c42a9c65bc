import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { site } from './site.ts';

/** The first link of the newest message to `to` whose subject matches, waiting up to 10 s for it. */
export async function mailedLink(to: string, subject: RegExp): Promise<string> {
  const dir = site().inboxDir;
  const until = Date.now() + 10_000;
  for (;;) {
    const files = readdirSync(dir).sort().reverse();
    for (const file of files) {
      const raw = readFileSync(join(dir, file), 'utf8');
      const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      if (!new RegExp(`^To:.*${to.replace('.', '\\.')}`, 'im').test(head) || !subject.test(/^Subject:(.*)$/im.exec(head)?.[1] ?? '')) continue;
      const body = raw
        .slice(raw.search(/\r?\n\r?\n/))
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      const link = /https?:\/\/\S+/.exec(body)?.[0];
      if (link) return link;
    }
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
