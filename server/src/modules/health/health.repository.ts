import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export class HealthRepository {
  constructor(private readonly db: Db) {}

  /** One round trip: the database takes connections and runs queries. */
  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }
}
