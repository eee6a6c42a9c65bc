import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden } from '../lib/errors.ts';
import type { AccessRepository } from './access.repository.ts';
import { requireUser, type ViewerOf } from './viewer.ts';

/** Who may work in the admin panel: admins everywhere, authors on their own lessons. */
export type StaffRole = 'author' | 'admin';
export interface Staff {
  /** None for the content import run from the command line (it acts as an admin). */
  userId: string | null;
  email: string;
  role: StaffRole;
}

export const CONTENT_IMPORT: Staff = { userId: null, email: 'content import', role: 'admin' };

export const SIGN_IN_AS_STAFF = 'Sign in as an administrator.';
export const ADMIN_PAGE_ONLY = 'This page is for administrators only.';

/** Whether an account's role lets it into the admin panel at all (each route then names its own roles). */
export const isStaffRole = (role: string | null | undefined): role is StaffRole => role === 'admin' || role === 'author';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may use an /api/admin/* route; admins only unless the route names more. Checked before its input is read. */
    staff?: readonly StaffRole[];
  }
}

/** The admin routes authors may use too (their lessons): `{ config: { staff: ADMINS_AND_AUTHORS } }`. */
export const ADMINS_AND_AUTHORS: readonly StaffRole[] = ['admin', 'author'];
const ADMINS_ONLY: readonly StaffRole[] = ['admin'];

/**
 * The server's check behind every admin API: a guest gets 401, an account without the route's role 403.
 * The roles are the route's own (`config.staff`, admins only by default), so the gate before the input
 * and the handler that acts agree. The role is read from the database once per request, so a grant or a
 * revoke counts at once.
 */
export function staffGate(repository: AccessRepository, viewerOf: ViewerOf) {
  const checked = new WeakMap<FastifyRequest, Promise<Staff>>();
  const check = async (req: FastifyRequest): Promise<Staff> => {
    const allowed = req.routeOptions.config.staff ?? ADMINS_ONLY;
    const { userId } = requireUser(await viewerOf(req), SIGN_IN_AS_STAFF);
    const row = await repository.account(userId);
    const role = row?.role;
    if (!row || !isStaffRole(role) || !allowed.includes(role)) throw new Forbidden(ADMIN_PAGE_ONLY);
    return { userId, email: row.email, role };
  };
  return (req: FastifyRequest): Promise<Staff> => {
    let staff = checked.get(req);
    if (!staff) checked.set(req, (staff = check(req)));
    return staff;
  };
}
export type StaffGate = ReturnType<typeof staffGate>;

/** The admin panel's sign-in and its access check, which stand before the gate. */
const OUTSIDE_THE_GATE = new Set(['/api/admin/sign-in', '/api/admin/status']);

/**
 * Every /api/admin/* route, whatever module registers it, is closed before its input is even parsed:
 * guests get 401, and anyone without the route's role (readers; authors on admin-only routes) the same
 * 403 whatever they sent, so nobody learns a route's shapes from its 400s.
 */
export function closeAdminRoutes(server: FastifyInstance, staffOf: StaffGate): void {
  server.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0]!;
    if (!path.startsWith('/api/admin/') || OUTSIDE_THE_GATE.has(path)) return;
    await staffOf(req);
  });
}
