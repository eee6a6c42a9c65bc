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
  /** Bytes used by the database and by generated media (null where it cannot be measured, such as a bucket). */
  storage: z.object({ database: z.number().nullable(), media: z.number().nullable() }),
});
export type AdminOverview = z.infer<typeof adminOverview>;

export const ENGINES = ['answers', 'speech', 'images'] as const;
/** POST /api/admin/engines/{engine}/test: one small real task for the engine in use, timed. */
export const engineParams = z.object({ engine: z.enum(ENGINES) });
export const engineTest = z.object({ engine: z.enum(ENGINES), ok: z.boolean(), ms: z.number().int(), detail: z.string() });
export type EngineTest = z.infer<typeof engineTest>;

/** GET /api/admin/diagnostics (/test-auth): what the server sees of this sign-in. Never a secret or a cookie's value. */
export const diagnostics = z.object({
  you: z.object({ email: z.string(), role: z.string() }),
  cookies: z.object({ names: z.array(z.string()), secure: z.boolean(), sameSite: z.string(), httpOnly: z.boolean() }),
  request: z.object({ protocol: z.string(), host: z.string(), clientAddress: z.string(), trustProxy: z.boolean() }),
  site: z.object({ publicUrl: z.string().nullable(), roleCheck: z.string() }),
  engines: z.object({ answers: z.string(), speech: z.string(), images: z.string(), media: z.string(), mail: z.string() }),
});
export type Diagnostics = z.infer<typeof diagnostics>;

export const USERS_PAGE_SIZE = 25;
export const STAFF_ROLES = ['user', 'author', 'admin'] as const;

/** GET /api/admin/users?q=&page=: accounts by email or name, newest first. */
export const usersQuery = z.object({ q: z.string().trim().max(100).default(''), page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const adminUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const usersPage = z.object({ users: z.array(adminUser), page: z.number().int(), pageCount: z.number().int(), total: z.number().int() });
export type UsersPage = z.infer<typeof usersPage>;
/** PUT /api/admin/users/{id}: a new role, or disabled (signed out everywhere, no new sign-in) or enabled again. */
export const userChange = z.object({ role: z.enum(STAFF_ROLES).optional(), disabled: z.boolean().optional() });

/** GET /api/admin/mail?page=: the outbox, mail kept instead of sent when the site has no SMTP relay, newest first. */
export const outboxQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const keptMail = z.object({ id: z.string(), at: z.string(), to: z.string(), subject: z.string(), text: z.string() });
export const outboxPage = z.object({
  /** Mail goes through an SMTP relay: nothing new is kept here. */
  relayed: z.boolean(),
  messages: z.array(keptMail),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type KeptMail = z.infer<typeof keptMail>;
export type OutboxPage = z.infer<typeof outboxPage>;
