import { LOCALES, passwordPolicyIssues, type BaseInfo, type Locale } from '@lintel/contracts';
import type { Static } from 'typebox';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import { PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { formatIso } from '../../platform/http/result.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { matchLocale } from '../../platform/i18n/index.js';
import { SysAuthService } from '../sys-auth/sys-auth.service.js';
import { SysUserRepo } from './sys-user.repo.js';
import type { BaseInfoBody } from './sys-user.schema.js';

/** The own-account endpoints of the personal centre: profile, password. */
export class SysUserService {
  private readonly repo = new SysUserRepo();
  private readonly auth: SysAuthService;

  constructor(private readonly ctx: AppContext) {
    this.auth = new SysAuthService(ctx);
  }

  baseInfo(principal: Principal): Promise<BaseInfo> {
    return this.baseInfoOf(principal.homeTenantId, principal.userId);
  }

  /** One account's profile with organisation, position and roles (also for account administration). */
  async baseInfoOf(tenantId: string, userId: string): Promise<BaseInfo> {
    const found = await this.ctx.db.tenant(tenantId, (trx) => this.repo.baseInfo(trx, userId));
    if (!found) throw notFound();
    const { user: u, roles } = found;
    return {
      id: u.id,
      tenantId: u.tenantId,
      account: u.account,
      realName: u.realName,
      nickName: u.nickName,
      pinyin: u.pinyin,
      avatar: u.avatar,
      signature: u.signature,
      sex: u.sex,
      age: u.age,
      birthday: u.birthdayText,
      nation: u.nation,
      phone: u.phone,
      cardType: u.cardType,
      idCardNum: u.idCardNum,
      email: u.email,
      address: u.address,
      cultureLevel: u.cultureLevel,
      politicalOutlook: u.politicalOutlook,
      college: u.college,
      officePhone: u.officePhone,
      emergencyContact: u.emergencyContact,
      emergencyPhone: u.emergencyPhone,
      emergencyAddress: u.emergencyAddress,
      introduction: u.introduction,
      accountType: u.accountType,
      orgId: u.orgId,
      orgName: u.orgName ?? null,
      posId: u.posId,
      posName: u.posName ?? null,
      jobNum: u.jobNum,
      jobTitle: u.jobTitle,
      employeeId: u.employeeId,
      domainAccount: u.domainAccount,
      joinDate: u.joinDateText,
      status: u.status,
      roles,
      lastLoginIp: u.lastLoginIp,
      lastLoginTime: u.lastLoginTime ? formatIso(u.lastLoginTime) : null,
      lastChangePasswordTime: u.lastChangePasswordTime ? formatIso(u.lastChangePasswordTime) : null,
      createTime: formatIso(u.createTime),
    };
  }

  /** Updates the caller's own profile fields; the phone number stays unique within the tenant. */
  async updateBaseInfo(principal: Principal, input: Static<typeof BaseInfoBody>): Promise<void> {
    const values = { ...input };
    // Empty text means "none": stored as null, so the unique phone index ignores it.
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'string' && value.trim() === '' && key !== 'realName')
        (values as Record<string, unknown>)[key] = null;
    }
    if (values.realName !== undefined) values.realName = values.realName.trim();
    if (values.realName === '') throw badRequest('personal.realNameRequired');
    const age = values.birthday
      ? ageFromBirthday(values.birthday)
      : values.birthday === null
        ? null
        : undefined;
    try {
      await this.ctx.db.tenant(principal.homeTenantId, async (trx) => {
        if (values.phone && (await this.repo.phoneOwner(trx, values.phone, principal.userId)))
          throw conflict('personal.phoneTaken');
        if (values.email && (await this.repo.signInNameOwner(trx, values.email, principal.userId)))
          throw conflict('user.emailTaken');
        await this.repo.update(trx, principal.userId, {
          ...values,
          ...(age !== undefined ? { age } : {}),
          updateTime: new Date(),
          updateUserId: principal.userId,
          updateUserName: (principal.realName || principal.account).slice(0, 64),
        });
      });
    } catch (error) {
      // Two accounts saving the same number at once: the unique index decides.
      if (sqlState(error) === PG_UNIQUE_VIOLATION) throw conflict('personal.phoneTaken');
      throw error;
    }
    await this.ctx.sessions.touchUser(principal.userId);
  }

  /**
   * The caller's language (Admin.NET sysUser/setLangCode): any tag naming a product locale
   * (`en-US` → `en`), stored as that locale and shown by userInfo from the next request on.
   */
  async setLangCode(principal: Principal, langCode: string): Promise<Locale> {
    const locale = matchLocale(langCode);
    if (!locale) throw badRequest('wire.langCodeUnsupported', { langCode, locales: LOCALES.join(', ') });
    await this.ctx.db.tenant(principal.homeTenantId, (trx) =>
      this.repo.update(trx, principal.userId, { langCode: locale, updateTime: new Date() }),
    );
    await this.ctx.sessions.touchUser(principal.userId);
    return locale;
  }

  /**
   * Changes the caller's password: both fields SM2-encrypted, the new one under the policy and
   * different from the old one, the old one checked like a sign-in (failures count towards the
   * lockout). Every session of the account ends: the client signs in again.
   */
  async changePassword(principal: Principal, encryptedOld: string, encryptedNew: string): Promise<void> {
    const passwordOld = this.auth.decryptPassword(encryptedOld);
    const passwordNew = this.auth.decryptPassword(encryptedNew);
    const issues = passwordPolicyIssues(passwordNew);
    if (issues.length) throw badRequest('personal.passwordPolicy');
    if (passwordNew === passwordOld) throw badRequest('personal.passwordSame');
    const tenantId = principal.homeTenantId;
    try {
      await this.auth.checkPassword(tenantId, principal.account, passwordOld);
    } catch (error) {
      if (error instanceof AppError && error.key === 'auth.badCredentials')
        throw badRequest('personal.oldPasswordWrong');
      if (error instanceof AppError && error.key === 'auth.accountLocked')
        await this.ctx.sessions.revokeUser(tenantId, principal.userId, 'lockout');
      throw error;
    }
    const hash = await hashPassword(passwordNew);
    await this.ctx.db.tenant(tenantId, (trx) => this.repo.setPassword(trx, principal.userId, hash));
    await this.ctx.sessions.revokeUser(tenantId, principal.userId, 'passwordChange');
  }
}

/**
 * Age from a YYYY-MM-DD birth date, refusing a date after today (a typo, never a real birthday).
 * Compared as text in the server's calendar: both sides are YYYY-MM-DD.
 */
export function ageFromBirthday(birthday: string, today = new Date()): number {
  const y = today.getFullYear();
  const m = String(today.getMonth() + 1).padStart(2, '0');
  const d = String(today.getDate()).padStart(2, '0');
  if (birthday > `${y}-${m}-${d}`) throw badRequest('user.birthdayFuture');
  return ageOn(birthday, today);
}

/** Whole years between a YYYY-MM-DD birth date and a day. */
export function ageOn(birthday: string, today: Date): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return Math.max(0, age);
}
