import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/http/errors.js';
import { DEMO_PASSWORD } from './tenant-basics.js';
import { APP_VERSION } from '../../version.js';

export class SysTenantService {
  constructor(private readonly ctx: AppContext) {}

  /** Branding and sign-in settings of a tenant, public: the login page needs them before sign-in. */
  async sysInfo(tenantId: string) {
    const entry = await this.ctx.tenants.get(tenantId);
    // A deleted tenant is kept (disabled) but shows no sign-in page.
    if (!entry || entry.tenant.isDelete) throw notFound('tenant.notFound');
    const t = entry.tenant;
    const demo = this.ctx.config.nodeEnv !== 'production';
    return {
      tenantId: t.id,
      logo: t.logo || '/upload/logo.png',
      title: t.title,
      viceTitle: t.viceTitle,
      viceDesc: t.viceDesc,
      icp: t.icp,
      icpUrl: t.icpUrl,
      watermark: t.watermark,
      copyright: t.copyright,
      version: APP_VERSION,
      carouselFiles: t.carouselFiles ?? [],
      themeColor: t.themeColor,
      layout: t.layout,
      animation: t.animation,
      // Like the image captcha, the slider is off for automation (LINTEL_CAPTCHA=off).
      secondVer: this.ctx.config.captcha === 'on' && t.secondVer,
      captcha: this.ctx.config.captcha === 'on' && t.captcha,
      forceChangePassword: t.forceChangePassword,
      passwordExpirationTime: t.passwordExpirationDays,
      i18NSwitch: t.i18nSwitch,
      idleTimeout: t.idleTimeout,
      onlineNotice: t.onlineNotice,
      publicKey: this.ctx.keys.sm2PublicKey,
      demo: demo ? { account: 'admin', password: DEMO_PASSWORD } : null,
    };
  }
}
