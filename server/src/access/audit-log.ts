import { randomUUID } from 'node:crypto';
import type { AccessRepository } from './access.repository.ts';
import type { Staff } from './staff.ts';

export const AUDIT_PAGE = 50;
export type AuditEntry = { id: string; at: string; actorEmail: string; action: string; target: string; detail: string };

/** Every change made in the admin panel, kept with who made it (the email is kept: the account may go). */
export class AuditLog {
  constructor(private readonly repository: AccessRepository) {}

  async record(staff: Staff, action: string, target: string, detail = ''): Promise<void> {
    await this.repository.addAudit({ id: randomUUID(), actorId: staff.userId, actorEmail: staff.email, action, target, detail: detail.slice(0, 500) });
  }

  /** The newest entries first, a page at a time: `before` is the last entry's time on the page before. */
  async list(before?: Date): Promise<AuditEntry[]> {
    const rows = await this.repository.audit(AUDIT_PAGE, before);
    return rows.map((r) => ({ id: r.id, at: r.at.toISOString(), actorEmail: r.actorEmail, action: r.action, target: r.target, detail: r.detail }));
  }
}
