import { randomInt } from 'node:crypto';
import { DEFAULT_TENANT_ID, LOGIN_ACCOUNT_TYPES, Status, type AccountType } from '@lintel/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { TenantEntry } from '../../platform/auth/tenant-cache.js';
import type { TokenPair } from '../../platform/auth/tokens.js';
import type { SessionMeta } from '../../platform/auth/sessions.js';
import { dummyPasswordHash, verifyPassword } from '../../platform/crypto/passwords.js';
import { sm2Decrypt } from '../../platform/crypto/sm2.js';
import type { User } from '../../platform/db/schema.js';
import { AppError, badRequest, tooManyRequests, unauthorized } from '../../platform/http/errors.js';
import { directoryPasswordValid, signInDirectory, type SignInDirectory } from '../sys-ldap/ldap-sign-in.js';
import { checkCaptcha } from './captcha.js';
import { consumeSliderPass } from './slider/slider-captcha.js';
import { SignInLockout } from './sign-in-lockout.js';
import { accountLock, nameLock, SysAuthRepo, type LockKey } from './sys-auth.repo.js';

const LOCK_MINUTES = 30;
const SMS_CODE_ATTEMPTS = 5;
const smsKey = (tenantId: string, phone: string) => `sms:code:${tenantId}:${phone}`;
// Per tenant: requests through another tenant must not hold up (or use up) a number's sign-in here.
const smsWaitKey = (tenantId: string, phone: string) => `sms:wait:${tenantId}:${phone}`;
const smsDayKey = (tenantId: string, phone: string) => `sms:day:${tenantId}:${phone}`;
const SMS_CODES_PER_DAY = 10;

export interface LoginInput {
  account: string;
  password: string;
  tenantId?: string;
  codeId?: string;
  code?: string;
  sliderToken?: string;
}

/** Sign-in by password or SMS code, sign-out, unlock and the user info of the session. */
export class SysAuthService {
  private readonly repo = new SysAuthRepo();
  private readonly lockout: SignInLockout;

  constructor(private readonly ctx: AppContext) {
    this.lockout = new SignInLockout(ctx.db, this.repo);
  }

  /** The tenant a sign-in targets; refused when missing or disabled. */
  /** The tenant a sign-in page on this host belongs to (`tenantIdByHostname`). */
  tenantIdByHost(host: string): Promise<string | undefined> {
    return this.repo.tenantIdByHost(this.ctx.db.global, host);
  }

  async loginTenant(tenantId: string | undefined): Promise<TenantEntry> {
    const tenant = await this.ctx.tenants.get(tenantId || DEFAULT_TENANT_ID);
    if (!tenant || tenant.status !== Status.Enable) throw badRequest('auth.tenantDisabled');
    return tenant;
  }

  captchaRequired(tenant: TenantEntry): boolean {
    return this.ctx.config.captcha === 'on' && tenant.tenant.captcha;
  }

  /** The slider captcha (tenant setting second_ver); LINTEL_CAPTCHA=off turns it off like the image one. */
  sliderRequired(tenant: TenantEntry): boolean {
    return this.ctx.config.captcha === 'on' && tenant.tenant.secondVer;
  }

  /** Spends the slider pass token of a sign-in when the tenant asks for the slider. */
  private async checkSlider(tenant: TenantEntry, token: string | undefined): Promise<void> {
    if (!this.sliderRequired(tenant)) return;
    if (!token) throw badRequest('signin.sliderRequired');
    if (!(await consumeSliderPass(this.ctx.cache, token, tenant.id)))
      throw badRequest('signin.sliderInvalid');
  }

  /** Decrypts an SM2 password field; plain text only when the configuration allows it. */
  decryptPassword(value: string): string {
    const plain = sm2Decrypt(value, this.ctx.keys.sm2PrivateKey);
    if (plain !== null) return plain;
    if (this.ctx.config.allowPlainPassword) return value;
    throw badRequest('auth.passwordDecrypt');
  }

  /**
   * The account a password sign-in names, by account name or e-mail (case-insensitive), and what its
   * failures count on. A super admin of any tenant may sign in to every tenant, so when the tenant
   * has no such account the super admins are looked up too.
   */
  private async loginLookup(
    tenantId: string,
    login: string,
  ): Promise<{ user?: User; lock: LockKey; directory?: SignInDirectory }> {
    const name = login.trim().toLowerCase();
    // A tenant account's directory link is read in the same transaction; super admins are never
    // linked (the directory synchronisation refuses their names).
    const found = await this.ctx.db.tenant(tenantId, async (trx) => {
      const user = await this.repo.findLogin(trx, name);
      return user && { user, directory: await signInDirectory(trx, user.id) };
    });
    const user = found?.user ?? (await this.ctx.db.platform((trx) => this.repo.findSuperAdmin(trx, name)));
    return {
      user,
      directory: found?.directory,
      lock: user ? accountLock(user) : nameLock(tenantId, name),
    };
  }

  private locked(until: Date): AppError {
    return new AppError(429, 'auth.accountLocked', {
      minutes: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000)),
    });
  }

  /**
   * Checks an account's password with lockout. Failures count on the account itself, whatever name,
   * e-mail or tenant it was reached by; the attempt is claimed before the password is checked, so
   * concurrent guesses cannot outrun the count. Unknown accounts cost the same hashing time and count
   * on the typed name, so answers do not reveal which accounts exist. `beforeCheck` runs between the
   * lookup and the claim (sign-in checks the captcha there, which may depend on the account).
   */
  private async verifyCredentials(
    tenantId: string,
    login: string,
    password: string | (() => string),
    beforeCheck?: (user: User | undefined) => Promise<void>,
  ) {
    const { user, lock, directory } = await this.loginLookup(tenantId, login);
    await beforeCheck?.(user);
    const plain = typeof password === 'string' ? password : password();
    const attempt = await this.lockout.claimAttempt(lock, LOCK_MINUTES);
    if (attempt.lockedUntil) throw this.locked(attempt.lockedUntil);
    const valid = await this.passwordValid(user, plain, directory);
    if (!user || !valid) {
      if (attempt.last) throw this.locked(await this.lockout.lock(lock, LOCK_MINUTES));
      throw badRequest('auth.badCredentials');
    }
    return { user, lock };
  }

  /** The directory decides for a linked account (sys-ldap), the stored hash for the others. */
  private async passwordValid(
    user: User | undefined,
    plain: string,
    directory: SignInDirectory | undefined,
  ): Promise<boolean> {
    if (directory) return directoryPasswordValid(this.ctx, directory, plain);
    return verifyPassword(user?.password ?? (await dummyPasswordHash()), plain);
  }

  /** A password check outside sign-in (lock screen, documentation login). */
  async checkPassword(tenantId: string, login: string, password: string): Promise<User> {
    const { user, lock } = await this.verifyCredentials(tenantId, login, password);
    await this.ctx.db.tenant(lock.tenantId, (trx) => this.repo.clearFailures(trx, lock));
    return user;
  }

  private assertMayLogin(user: User) {
    if (user.status !== Status.Enable) throw badRequest('auth.accountDisabled');
    if (!LOGIN_ACCOUNT_TYPES.includes(user.accountType as AccountType))
      throw badRequest('auth.noLoginPermission');
  }

  /**
   * Records the login and opens the token family in one transaction of the account's own tenant,
   * clearing the failures counted on the account (`failures`) in the same one.
   */
  private async startSession(
    user: User,
    tenantId: string,
    meta: SessionMeta,
    failures?: LockKey,
  ): Promise<TokenPair> {
    return this.ctx.db.tenant(user.tenantId, async (trx) => {
      if (failures) await this.repo.clearFailures(trx, failures);
      await this.repo.recordLogin(trx, user.id, meta.ip ?? '', meta.userAgent ?? '');
      return this.ctx.sessions.issue(user, tenantId, meta, trx);
    });
  }

  async login(input: LoginInput, meta: SessionMeta): Promise<TokenPair> {
    const tenant = await this.loginTenant(input.tenantId);
    await this.checkSlider(tenant, input.sliderToken);
    const { user, lock } = await this.verifyCredentials(
      tenant.id,
      input.account,
      () => this.decryptPassword(input.password),
      async (found) => {
        // An account signing in to another tenant (the super admin) meets its own tenant's captcha
        // too: a tenant that switched its captcha off cannot open a way around the account's.
        const home =
          found && found.tenantId !== tenant.id ? await this.ctx.tenants.get(found.tenantId) : undefined;
        if (this.captchaRequired(tenant) || (home && this.captchaRequired(home))) {
          if (!input.code) throw badRequest('auth.captchaRequired');
          if (!(await checkCaptcha(this.ctx.cache, input.codeId, input.code)))
            throw badRequest('auth.captchaInvalid');
        }
      },
    );
    this.assertMayLogin(user);
    return this.startSession(user, tenant.id, meta, lock);
  }

  /**
   * The checks of a password sign-in for an account identified another way (SMS code, third-party
   * sign-in): a locked account stays locked whatever the way in, and its status and type count.
   */
  async assertMayLoginIdentified(user: User): Promise<void> {
    const until = await this.lockout.lockedUntil(accountLock(user));
    if (until && until > new Date()) throw this.locked(until);
    this.assertMayLogin(user);
  }

  /** Opens a session, as a password sign-in does, for an account identified another way. */
  async loginIdentified(user: User, tenantId: string, meta: SessionMeta): Promise<TokenPair> {
    await this.assertMayLoginIdentified(user);
    return this.startSession(user, tenantId, meta);
  }

  /** Sends a 6-digit code to an account's phone; the provider decides how (the log by default). */
  async sendSmsCode(
    phone: string,
    tenantId: string | undefined,
  ): Promise<{ resendAfter: number; expirySeconds: number }> {
    const tenant = await this.loginTenant(tenantId);
    const config = (code: string) => this.ctx.db.tenant(tenant.id, (trx) => this.repo.configValue(trx, code));
    const wait = Number(await config('sys_sms_resend_wait')) || 60;
    const ttl = Number(await config('sys_sms_code_ttl')) || 300;
    if (!(await this.ctx.cache.setIfAbsent(smsWaitKey(tenant.id, phone), 1, wait))) {
      throw tooManyRequests('auth.smsTooSoon', {
        seconds: await this.ctx.cache.ttl(smsWaitKey(tenant.id, phone)),
      });
    }
    // A number receives a bounded number of codes a day, whoever asks (SMS costs money and
    // annoys the owner of a number someone else keeps typing in).
    if ((await this.ctx.cache.incr(smsDayKey(tenant.id, phone), 86_400)) > SMS_CODES_PER_DAY) {
      throw tooManyRequests('auth.smsDailyLimit', { count: SMS_CODES_PER_DAY });
    }
    const user = await this.ctx.db.tenant(tenant.id, (trx) => this.repo.findByPhone(trx, phone));
    if (!user) {
      // Same answer as for a known number, so the endpoint cannot be used to find accounts;
      // nothing is sent, and the log says so.
      this.ctx.log.info(
        { phone, tenantId: tenant.id },
        'SMS code requested for a number with no account; not sent',
      );
      return { resendAfter: wait, expirySeconds: ttl };
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.ctx.cache.set(smsKey(tenant.id, phone), { code, attempts: 0 }, ttl);
    await this.ctx.sms.sendVerificationCode(phone, code, ttl);
    return { resendAfter: wait, expirySeconds: ttl };
  }

  async loginPhone(
    input: { phone: string; code: string; tenantId?: string; sliderToken?: string },
    meta: SessionMeta,
  ): Promise<TokenPair> {
    const tenant = await this.loginTenant(input.tenantId);
    await this.checkSlider(tenant, input.sliderToken);
    const key = smsKey(tenant.id, input.phone);
    const stored = await this.ctx.cache.get<{ code: string; attempts: number }>(key);
    if (!stored || stored.code !== input.code.trim()) {
      if (stored) {
        // A code survives a few wrong guesses only: brute force across 10^6 codes fails.
        if (stored.attempts + 1 >= SMS_CODE_ATTEMPTS) await this.ctx.cache.del(key);
        else
          await this.ctx.cache.set(
            key,
            { ...stored, attempts: stored.attempts + 1 },
            await this.ctx.cache.ttl(key),
          );
      }
      throw badRequest('auth.smsCodeInvalid');
    }
    await this.ctx.cache.del(key);
    const user = await this.ctx.db.tenant(tenant.id, (trx) => this.repo.findByPhone(trx, input.phone));
    if (!user) throw badRequest('auth.phoneNoAccount');
    return this.loginIdentified(user, tenant.id, meta);
  }

  async logout(principal: Principal, familyId: string): Promise<void> {
    await this.ctx.sessions.revokeFamily(principal.homeTenantId, principal.userId, familyId, 'logout');
  }

  /** Unlocks the lock screen with the account password; failures count towards the lockout. */
  async unlockScreen(principal: Principal, encryptedPassword: string): Promise<boolean> {
    const password = this.decryptPassword(encryptedPassword);
    const tenantId = principal.homeTenantId;
    try {
      await this.checkPassword(tenantId, principal.account, password);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 429 && error.key === 'auth.accountLocked') {
        // Locked out from the lock screen: the session ends too.
        await this.ctx.sessions.revokeUser(tenantId, principal.userId, 'lockout');
        throw error;
      }
      if (error instanceof AppError && error.key === 'auth.badCredentials')
        throw badRequest('auth.unlockWrongPassword');
      throw error;
    }
  }

  /** Explicit refresh: a new pair for a valid refresh token (the same rules as automatic refresh). */
  async refresh(refreshToken: string, accessToken?: string): Promise<TokenPair> {
    const outcome = await this.ctx.sessions.refresh(refreshToken, accessToken);
    if (outcome.kind === 'rotated') return outcome.pair;
    throw unauthorized('error.tokenInvalid', { 'access-token': 'invalid_token' });
  }
}
