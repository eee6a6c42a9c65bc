import { z } from 'zod';

/** GET /api/admin/audit?before=ISO: the audit log, newest first, 50 at a time. */
export const auditQuery = z.object({ before: z.iso.datetime({ offset: true }).optional() });
export const auditEntry = z.object({ id: z.string(), at: z.string(), actorEmail: z.string(), action: z.string(), target: z.string(), detail: z.string() });
export const auditPage = z.object({ entries: z.array(auditEntry) });
export type AuditEntry = z.infer<typeof auditEntry>;

/** GET /api/admin/overview: the dashboard's figures. */
export const adminOverview = z.object({
  accounts: z.number().int(),
  activeThisWeek: z.number().int(),
  lessons: z.object({ published: z.number().int(), drafts: z.number().int() }),
  authors: z.number().int(),
  news: z.number().int(),
  prayers: z.number().int(),
  pictures: z.number().int(),
});
export type AdminOverview = z.infer<typeof adminOverview>;
