import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (a newsletter's List-Unsubscribe). */
  headers?: Record<string, string>;
  /** The Message-ID header (`<id@host>`), when a message may be sent again and must stay one message. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

type Log = { info: (obj: object, msg: string) => void };

/**
 * The mail provider: SMTP when SMTP_URL is set (smtp://user:pass@host:587, smtps://…), otherwise each
 * message is written to `<data>/mail/` as an .eml file and its first link is logged, so a single-machine
 * install can verify accounts and reset passwords without any mail service.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: Log }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const folder = join(options.dataDir, 'mail');
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await builder.sendMail({ from: options.from, ...message });
      mkdirSync(folder, { recursive: true });
      const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^\w.@-]/g, '_')}.eml`);
      writeFileSync(file, info.message as Buffer);
      const link = /https?:\/\/\S+/.exec(message.text)?.[0];
      options.log.info({ to: message.to, file, link }, `mail "${message.subject}" written to ${file}${link ? `; link: ${link}` : ''}`);
    },
  };
}
