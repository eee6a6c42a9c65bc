import type { AdminOverview, Diagnostics } from '#common/contracts/admin.ts';
import type { Staff } from './staff.ts';
import { addDays, dayIn } from '#common/progress/days.ts';
import type { AdminRepository } from './admin.repository.ts';

/** The dashboard's figures: accounts, readers active in the last 7 days (UTC), and what the site holds. */
/** What the site runs on, as the dashboard and /test-auth name it (names only: no keys, no addresses with passwords). */
export interface SiteFacts {
  publicUrl?: string;
  trustProxy: boolean;
  engines: Diagnostics['engines'];
}

export class AdminService {
  constructor(
    private readonly repository: AdminRepository,
    private readonly site: SiteFacts,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** /test-auth: this sign-in as the server sees it. Cookie names only, never their values. */
  diagnostics(staff: Staff, request: { protocol: string; host: string; ip: string; cookieHeader?: string }): Diagnostics {
    const names = (request.cookieHeader ?? '')
      .split(';')
      .map((c) => c.split('=')[0]!.trim())
      .filter(Boolean);
    return {
      you: { email: staff.email, role: staff.role },
      cookies: { names, secure: this.site.publicUrl?.startsWith('https://') ?? false, sameSite: 'Lax', httpOnly: true },
      request: { protocol: request.protocol, host: request.host, clientAddress: request.ip, trustProxy: this.site.trustProxy },
      site: { publicUrl: this.site.publicUrl ?? null, roleCheck: 'read from the database on every admin request' },
      engines: this.site.engines,
    };
  }

  overview(): Promise<AdminOverview> {
    return this.repository.overview(addDays(dayIn(this.now(), 'UTC'), -6));
  }
}
