import { randomUUID } from 'node:crypto';
import { CONTACT_SENT, contactRequest, type ContactMessage, type ContactRequest } from '#common/contracts/contact.ts';
import { NotFound } from '../../lib/errors.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { AuditLog } from '../../access/audit-log.ts';
import type { Staff } from '../../access/staff.ts';
import type { ContactRepository, ContactRow } from './contact.repository.ts';

const LISTED = 200;

const present = (r: ContactRow): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  archived: r.archivedAt !== null,
});

/** /contact: kept for the admin panel, and mailed to the site's CONTACT_EMAIL when it has one. */
export class ContactService {
  constructor(
    private readonly repository: ContactRepository,
    private readonly mailer: Mailer,
    private readonly audit: AuditLog,
    private readonly contactEmail: string | undefined,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async send(raw: ContactRequest): Promise<{ message: string }> {
    const input = contactRequest.parse(raw);
    // A bot fills in the field people never see: it is told the same as anyone, and nothing is kept.
    if (input.website) return { message: CONTACT_SENT };
    await this.repository.add({ id: randomUUID(), name: input.name, email: input.email, message: input.message });
    if (this.contactEmail) {
      // Kept already: a mail relay that is down loses nothing, the panel still has it.
      await this.mailer
        .send({
          to: this.contactEmail,
          subject: `Selah contact: ${input.name.replace(/[\r\n]+/g, ' ').slice(0, 80)}`,
          text: `${input.message}\n\n— ${input.name} <${input.email}>`,
          headers: { 'Reply-To': input.email },
        })
        .catch((error: Error) => this.log.warn({ err: error }, 'a contact message could not be mailed; it is in the admin panel'));
    }
    return { message: CONTACT_SENT };
  }

  async list(archived: boolean): Promise<ContactMessage[]> {
    return (await this.repository.list(archived, LISTED)).map(present);
  }

  async archive(staff: Staff, id: string, archived: boolean): Promise<ContactMessage> {
    const row = await this.repository.setArchived(id, archived ? new Date() : null);
    if (!row) throw new NotFound('There is no such message.');
    await this.audit.record(staff, archived ? 'contact.archive' : 'contact.unarchive', `message from ${row.email}`);
    return present(row);
  }
}
