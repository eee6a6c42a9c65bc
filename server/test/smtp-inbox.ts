import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The text: the whole body, or a multipart message's text/plain part, decoded. */
  text: string;
  /** A header's value as sent (folded lines joined), or ''. */
  header(name: string): string;
}

/** Quoted-printable soft breaks and escapes, as mailers use for long lines. */
function decodeQuotedPrintable(body: string): string {
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** RFC 2047 encoded words ("=?UTF-8?Q?…?=", "=?UTF-8?B?…?="), as mailers write non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    );
}

function parse(raw: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  let body = raw.slice(split).trim();
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  // Text and HTML together come as multipart/alternative: the text part is what a test reads.
  const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (boundary) {
    const parts = body.split(`--${boundary}`).map((p) => p.trim());
    const plain = parts.find((p) => /^content-type:\s*text\/plain/im.test(p.slice(0, p.search(/\r?\n\r?\n/))));
    return { ...parse(plain ?? '', to), subject: decodeWords(header('Subject')), header };
  }
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') body = Buffer.from(decodeQuotedPrintable(body), 'latin1').toString('utf8');
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { to, subject: decodeWords(header('Subject')), text: body, header };
}

/**
 * A real SMTP server on loopback standing in for the mail relay: the app sends through SMTP_URL and
 * tests read what arrived (and follow the links in it).
 */
export async function startInbox(options: { onRaw?: (raw: Buffer) => void } = {}) {
  const messages: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        options.onRaw?.(raw);
        messages.push(
          parse(
            raw.toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The next message to this address whose subject matches, waiting for it to arrive. */
    async waitFor(to: string, subject: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.includes(to) && subject.test(m.subject));
        if (found) {
          messages.splice(messages.indexOf(found), 1);
          return found;
        }
        if (Date.now() > until) throw new Error(`no mail to ${to} matching ${subject}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    link(mail: ReceivedMail): string {
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      if (!link) throw new Error(`no link in "${mail.subject}"`);
      return link;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
