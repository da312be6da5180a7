import type { Database } from '../../platform/db/database.js';
import type { LockKey, SysAuthRepo } from './sys-auth.repo.js';

/** Failed password attempts and locks, each in the transaction of the lock key's tenant. */
export class SignInLockout {
  constructor(
    private readonly db: Database,
    private readonly repo: SysAuthRepo,
  ) {}

  /**
   * Claims one password attempt on a lock key, before the password is checked, in one atomic write:
   * concurrent attempts each get their own number, so a burst of guesses cannot all be checked
   * before the failures are counted. Attempts count within a rolling window of `lockMinutes`; the
   * tenant's `sys_password_max_error_times` (5 by default) attempts are checked, the next ones are
   * refused, and a successful sign-in clears the count. Answers the lock end when the key is locked
   * (this attempt is then not to be checked), and whether this is the last attempt before the lock.
   */
  claimAttempt(lock: LockKey, lockMinutes: number): Promise<{ lockedUntil?: Date; last: boolean }> {
    const window = `${lockMinutes} minutes`;
    return this.db.tenant(lock.tenantId, async (trx) => {
      const claimed = await this.repo.claimAttempt(trx, lock, window);
      if (claimed.lockedUntil) return { lockedUntil: claimed.lockedUntil, last: false };
      const threshold = Number(await this.repo.configValue(trx, 'sys_password_max_error_times'));
      const max = Number.isInteger(threshold) && threshold >= 1 ? threshold : 5;
      if (claimed.failCount <= max) return { last: claimed.failCount === max };
      return { lockedUntil: await this.repo.lockNow(trx, lock, window), last: false };
    });
  }

  /** Locks a key for `lockMinutes` (the last allowed attempt failed). */
  lock(lock: LockKey, lockMinutes: number): Promise<Date> {
    return this.db.tenant(lock.tenantId, (trx) => this.repo.lockNow(trx, lock, `${lockMinutes} minutes`));
  }

  /** The lock state of an account identified another way (SMS, third-party sign-in). */
  async lockedUntil(lock: LockKey): Promise<Date | null | undefined> {
    const state = await this.db.tenant(lock.tenantId, (trx) => this.repo.lockState(trx, lock));
    return state?.lockedUntil;
  }
}
