import type { Database } from '../../../platform/db/database.js';
import type { User } from '../../../platform/db/schema.js';

/** The SQL of QR sign-in: the confirming account, read again when its session is opened. */
export class QrLoginRepo {
  constructor(private readonly db: Database) {}

  async findUser(homeTenantId: string, userId: string): Promise<User | undefined> {
    return this.db.tenant(homeTenantId, (trx) =>
      trx.selectFrom('sysUser').selectAll().where('id', '=', userId).executeTakeFirst(),
    );
  }
}
