import { randomUUID } from 'node:crypto';
import type { OutboxPage } from '#common/contracts/admin.ts';
import type { KeptMail } from '../../providers/mail/mailer.ts';
import type { MailOutboxRepository } from './mail-outbox.repository.ts';

/** How many messages the outbox keeps: enough to find a recent confirmation link, never a growing table. */
export const MAIL_OUTBOX_KEPT = 500;
export const OUTBOX_PAGE_SIZE = 20;

/**
 * Mail kept instead of sent when the site has no SMTP relay: one outbox in the database for every
 * process, the newest MAIL_OUTBOX_KEPT kept, listed for admins (the admin panel's Mail section).
 */
export class MailOutbox {
  constructor(
    private readonly repository: MailOutboxRepository,
    /** Whether mail goes through an SMTP relay (then nothing is kept here). */
    private readonly relayed: boolean,
  ) {}

  async keep(mail: KeptMail): Promise<void> {
    await this.repository.add({ id: randomUUID(), recipient: mail.to, subject: mail.subject, text: mail.text, message: mail.message });
    await this.repository.prune(MAIL_OUTBOX_KEPT);
  }

  async page(page: number): Promise<OutboxPage> {
    const { rows, total } = await this.repository.page(OUTBOX_PAGE_SIZE, (page - 1) * OUTBOX_PAGE_SIZE);
    return {
      relayed: this.relayed,
      messages: rows.map((r) => ({ id: r.id, at: r.at.toISOString(), to: r.recipient, subject: r.subject, text: r.text })),
      page,
      pageCount: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)),
      total,
    };
  }
}
