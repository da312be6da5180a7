import type { Trx } from '../../../platform/db/database.js';
import type { User } from '../../../platform/db/schema.js';

/** The SQL of QR sign-in: the confirming account, read again when its session is opened. */
export class QrLoginRepo {
  findUser(trx: Trx, userId: string): Promise<User | undefined> {
    return trx.selectFrom('sysUser').selectAll().where('id', '=', userId).executeTakeFirst();
  }
}
