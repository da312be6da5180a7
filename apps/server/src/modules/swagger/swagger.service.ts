import { AccountType, DEFAULT_TENANT_ID, Status } from '@lintel/contracts';
import type { AppContext } from '../../platform/context.js';
import type { User } from '../../platform/db/schema.js';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { checkCaptcha } from '../sys-auth/captcha.js';
import { SysAuthService } from '../sys-auth/sys-auth.service.js';

export interface SwaggerLoginInput {
  UserName: string;
  /** SM2-encrypted, as for sign-in. */
  Password: string;
  codeId?: string;
  code?: string;
}

const badCredentials = () => new AppError(401, 'swagger.badCredentials');

/**
 * The documentation login: the guards of sign-in (the default tenant's captcha, the SM2-encrypted
 * password, the account lockout shared with sign-in; the route adds sign-in's rate limit), then
 * only enabled super admins and system admins of the default tenant get in.
 */
export class SwaggerLoginService {
  private readonly auth: SysAuthService;

  constructor(private readonly ctx: AppContext) {
    this.auth = new SysAuthService(ctx);
  }

  async signIn(input: SwaggerLoginInput): Promise<User> {
    const tenant = await this.auth.loginTenant(DEFAULT_TENANT_ID);
    // Before the password, as sign-in does: a wrong image costs no hashing and counts no failure.
    if (this.auth.captchaRequired(tenant)) {
      if (!input.code) throw badRequest('auth.captchaRequired');
      if (!(await checkCaptcha(this.ctx.cache, input.codeId, input.code)))
        throw badRequest('auth.captchaInvalid');
    }
    const password = this.auth.decryptPassword(input.Password);
    const user = await this.auth
      .checkPassword(tenant.id, input.UserName, password)
      .catch((error: unknown) => {
        // Admin.NET answers a failed documentation login with 401; a lockout stays a 429.
        if (error instanceof AppError && error.statusCode === 400) throw badCredentials();
        throw error;
      });
    const admin = user.accountType === AccountType.SuperAdmin || user.accountType === AccountType.SysAdmin;
    if (!admin || user.status !== Status.Enable) throw badCredentials();
    return user;
  }
}
