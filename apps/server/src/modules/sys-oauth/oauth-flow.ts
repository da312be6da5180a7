import { OAUTH_BOUND_PATH, Status, type OAuthErrorKey } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { SessionMeta } from '../../platform/auth/sessions.js';
import type { TokenPair } from '../../platform/auth/tokens.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { SysAuthService } from '../sys-auth/sys-auth.service.js';
import {
  pkcePair,
  ProviderError,
  randomState,
  randomToken,
  sameToken,
  type ProviderEndpoints,
  type ProviderFetch,
} from './oauth-protocol.js';
import { protocolOf, type ExternalIdentity } from './provider-protocols.js';
import { bindRaceLost, type SysOAuthRepo } from './sys-oauth.repo.js';

/** A provider round trip in progress: kept in the cache under its `state`, used once. */
interface PendingState {
  tenantId: string;
  providerId: string;
  verifier: string;
  redirectUri: string;
  /**
   * The value of the browser cookie set when the round trip started: the callback must come from
   * that browser (an attacker's `state` pasted into a victim's browser fails: login CSRF).
   */
  browser: string;
  /** Set when a signed-in account is linking an identity; absent for sign-in. */
  userId?: string;
}

/** A started round trip: where to send the browser, and the cookie value that binds it. */
export interface Started {
  url: string;
  browser: string;
}

/** A sign-in the callback approved, waiting for the sign-in page to exchange it for tokens. */
interface PendingLogin {
  tenantId: string;
  userId: string;
}

const STATE_TTL_SECONDS = 600;
const LOGIN_CODE_TTL_SECONDS = 60;
const stateKey = (state: string) => `oauth:state:${state}`;
const loginKey = (code: string) => `oauth:login:${code}`;

/** Sign-in refusals of the password path, as the sign-in page names them after a redirect. */
const LOGIN_REFUSALS: Record<string, OAuthErrorKey> = {
  'auth.accountDisabled': 'accountDisabled',
  'auth.noLoginPermission': 'noLoginPermission',
  'auth.accountLocked': 'accountLocked',
};

const loginError = (key: OAuthErrorKey) => `/login?oauthError=${key}`;
const linkError = (key: OAuthErrorKey) => `${OAUTH_BOUND_PATH}?oauthError=${key}`;

/**
 * The authorization code flow: start (state + PKCE, 10 minutes, single use), callback (code for
 * token, userinfo for the subject, then sign-in or link), and the exchange of the one-time sign-in
 * code for the token pair. The provider is called outside any database transaction.
 */
export class OAuthFlow {
  private readonly auth: SysAuthService;

  constructor(
    private readonly ctx: AppContext,
    private readonly repo: SysOAuthRepo,
  ) {
    this.auth = new SysAuthService(ctx);
  }

  private async begin(
    pending: Omit<PendingState, 'verifier' | 'browser'>,
    provider: ProviderEndpoints & { protocol: string },
  ): Promise<Started> {
    const state = randomState();
    const browser = randomToken();
    // A protocol without PKCE (WeChat) leaves the challenge out; the verifier is then never sent.
    const { verifier, challenge } = pkcePair();
    await this.ctx.cache.set(stateKey(state), { ...pending, verifier, browser }, STATE_TTL_SECONDS);
    const url = protocolOf(provider.protocol).authorizeUrl(provider, {
      state,
      challenge,
      redirectUri: pending.redirectUri,
    });
    return { url, browser };
  }

  /**
   * The provider address that starts a sign-in, or the sign-in page with an error when the tenant
   * has no such enabled provider (the browser navigated here, so the answer is a redirect).
   */
  async signInUrl(
    tenantId: string | undefined,
    code: string,
    redirectUri: string,
  ): Promise<Started | { url: string; browser?: undefined }> {
    const tenant = await this.auth.loginTenant(tenantId).catch((error: unknown) => {
      if (error instanceof AppError) return undefined; // unknown or disabled tenant
      throw error;
    });
    const provider =
      tenant && (await this.ctx.db.tenant(tenant.id, (trx) => this.repo.findEnabledByCode(trx, code)));
    if (!tenant || !provider) return { url: loginError('providerDisabled') };
    return this.begin({ tenantId: tenant.id, providerId: provider.id, redirectUri }, provider);
  }

  /**
   * The provider address that links an identity to the signed-in account. An account of a higher
   * kind than the provider's manager may not link through it (it could not sign in with it either).
   */
  async linkUrl(principal: Principal, code: string, redirectUri: string): Promise<Started> {
    // Bindings live in the account's own tenant: a super admin visiting another tenant has no account there.
    if (principal.tenantId !== principal.homeTenantId) throw badRequest('oauth.linkOtherTenant');
    const provider = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.findEnabledByCode(trx, code),
    );
    if (!provider) throw notFound('oauth.providerNotFound', { code });
    if (principal.accountType > provider.managerType) throw forbidden('oauth.higherAccount');
    return this.begin(
      { tenantId: principal.tenantId, providerId: provider.id, redirectUri, userId: principal.userId },
      provider,
    );
  }

  /**
   * Handles the provider's redirect back; returns the same-site address to send the browser to.
   * `browser` is the cookie the start of the round trip set in this browser.
   */
  async callback(
    query: { code?: string; state?: string; error?: string },
    browser: string | undefined,
  ): Promise<string> {
    const pending = query.state ? await this.ctx.cache.take<PendingState>(stateKey(query.state)) : undefined;
    if (!pending || !browser || !sameToken(browser, pending.browser)) return loginError('stateInvalid');
    const fail = pending.userId ? linkError : loginError;
    if (query.error || !query.code) {
      this.ctx.log.warn(
        { error: query.error, tenantId: pending.tenantId },
        'OAuth provider refused the request',
      );
      return fail('providerError');
    }
    const provider = await this.ctx.db.tenant(pending.tenantId, (trx) =>
      this.repo.findById(trx, pending.providerId),
    );
    if (!provider || provider.status !== Status.Enable) return fail('providerDisabled');

    let identity: ExternalIdentity;
    try {
      const fetch = (url: string, init: Parameters<ProviderFetch>[1]) => this.ctx.outbound.fetch(url, init);
      identity = await protocolOf(provider.protocol).identify(fetch, provider, {
        code: query.code,
        verifier: pending.verifier,
        redirectUri: pending.redirectUri,
      });
    } catch (error) {
      this.ctx.log.warn(
        { err: error, provider: provider.code, protocol: provider.protocol, tenantId: pending.tenantId },
        'OAuth code exchange or userinfo failed',
      );
      return fail(error instanceof ProviderError ? error.reason : 'providerError');
    }
    const { subject } = identity;

    if (pending.userId) {
      const binding = {
        id: newId(),
        providerId: provider.id,
        subject,
        userId: pending.userId,
        externalName: identity.name ?? null,
        avatar: identity.avatar ?? null,
      };
      const bound = await this.ctx.db
        .tenant(pending.tenantId, (trx) => this.repo.bind(trx, pending.tenantId, binding))
        .catch(bindRaceLost);
      return bound
        ? `${OAUTH_BOUND_PATH}?oauthBound=${encodeURIComponent(provider.code)}`
        : fail('alreadyBound');
    }

    const user = await this.ctx.db.tenant(pending.tenantId, (trx) =>
      this.repo.boundUser(trx, provider.id, subject),
    );
    if (!user) return fail('notLinked');
    // The provider answers whatever its manager configured it to: it vouches for nobody above them.
    if (user.accountType > provider.managerType) return fail('higherAccount');
    try {
      await this.auth.assertMayLoginIdentified(user);
    } catch (error) {
      const refusal = error instanceof AppError ? LOGIN_REFUSALS[error.key] : undefined;
      if (refusal) return fail(refusal);
      throw error;
    }
    const code = randomToken();
    const login: PendingLogin = { tenantId: pending.tenantId, userId: user.id };
    await this.ctx.cache.set(loginKey(code), login, LOGIN_CODE_TTL_SECONDS);
    return `/login?oauth=${code}`;
  }

  /** Trades the one-time code of `/login?oauth=` for a token pair, with the checks of /login again. */
  async exchange(code: string, meta: SessionMeta): Promise<TokenPair> {
    const login = await this.ctx.cache.take<PendingLogin>(loginKey(code));
    if (!login) throw badRequest('oauth.codeInvalid');
    const user = await this.ctx.db.tenant(login.tenantId, (trx) => this.repo.userById(trx, login.userId));
    if (!user) throw badRequest('oauth.codeInvalid');
    return this.auth.loginIdentified(user, login.tenantId, meta);
  }
}
