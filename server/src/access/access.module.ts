import type { SelahModule } from '../lib/module/module.ts';
import { AccessRepository } from './access.repository.ts';
import { AuditLog } from './audit-log.ts';
import { closeAdminRoutes, staffGate, type StaffGate } from './staff.ts';

declare module '../lib/module/module.ts' {
  interface Services {
    /** The admin panel's gate: who may use an /api/admin/* route. */
    staff: StaffGate;
    audit: AuditLog;
  }
}

/** Closes every /api/admin/* route, whichever module registers it, to all but staff; and the audit log of what staff do. */
export const accessModule: SelahModule = {
  name: 'access',
  setup({ server, db, use, provide }) {
    const access = new AccessRepository(db);
    const staffOf = staffGate(access, use('viewer'));
    closeAdminRoutes(server, staffOf);
    provide('staff', staffOf);
    provide('audit', new AuditLog(access));
  },
};
