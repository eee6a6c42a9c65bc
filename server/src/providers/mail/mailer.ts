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

/** A message kept instead of sent: its parts, and the whole of it as a mail program reads it. */
export interface KeptMail {
  to: string;
  subject: string;
  text: string;
  /** RFC 5322, as SMTP would have carried it. */
  message: string;
}

/**
 * The mail provider: SMTP when SMTP_URL is set (smtp://user:pass@host:587, smtps://…), otherwise each
 * message is given to `keep` (the site's outbox in the database, listed in the admin panel, the same
 * for every process) and its first link is logged, so an install without any mail service can still
 * verify accounts and reset passwords.
 */
export function createMailer(options: { smtpUrl?: string; from: string; keep: (mail: KeptMail) => Promise<void>; log: Log }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await builder.sendMail({ from: options.from, ...message });
      await options.keep({ to: message.to, subject: message.subject, text: message.text, message: (info.message as Buffer).toString('utf8') });
      const link = /https?:\/\/\S+/.exec(message.text)?.[0];
      options.log.info({ to: message.to, link }, `mail "${message.subject}" kept in the admin panel's outbox${link ? `; link: ${link}` : ''}`);
    },
  };
}
