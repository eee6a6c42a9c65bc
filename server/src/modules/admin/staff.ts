import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden } from '../../lib/errors.ts';
import { ADMIN_PAGE_ONLY } from '../auth/auth.service.ts';
import { requireUser, type ViewerOf } from '../auth/viewer.ts';
import type { AdminRepository } from './admin.repository.ts';

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

/**
 * The server's check behind every admin API: a guest gets 401, an account without the role 403. The
 * role is read from the database on each request, so a grant or a revoke counts at once.
 */
export function staffGate(repository: AdminRepository, viewerOf: ViewerOf) {
  return async (req: FastifyRequest, allowed: readonly StaffRole[] = ['admin']): Promise<Staff> => {
    const { userId } = requireUser(await viewerOf(req), SIGN_IN_AS_STAFF);
    const row = await repository.account(userId);
    const role = row?.role;
    if (!row || (role !== 'admin' && role !== 'author') || !allowed.includes(role)) throw new Forbidden(ADMIN_PAGE_ONLY);
    return { userId, email: row.email, role };
  };
}
export type StaffGate = ReturnType<typeof staffGate>;

/** The admin panel's sign-in and its access check, which stand before the gate. */
const OUTSIDE_THE_GATE = new Set(['/api/admin/sign-in', '/api/admin/status']);

/**
 * Every /api/admin/* route, whatever module registers it, is closed to guests (401) and to readers
 * (403) before its input is even read; each route then checks the role it needs (admin, or author).
 */
export function closeAdminRoutes(server: FastifyInstance, staffOf: StaffGate): void {
  server.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0]!;
    if (!path.startsWith('/api/admin/') || OUTSIDE_THE_GATE.has(path)) return;
    await staffOf(req, ['admin', 'author']);
  });
}
