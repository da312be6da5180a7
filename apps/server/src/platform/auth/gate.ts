import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACCESS_TOKEN_HEADER,
  INVALID_TOKEN,
  LOGIN_ACCOUNT_TYPES,
  REFRESH_TOKEN_HEADER,
  Status,
  registryPermissions,
  type AccountType,
  type PermissionCode,
} from '@lintel/contracts';
import { AppError, forbidden, unauthorized } from '../http/errors.js';
import { passwordChangeDue, passwordChangeRefusal } from './password-due.js';
import type { Principal } from './principal.js';
import type { Sessions } from './sessions.js';
import type { SignedRequests } from './signed-requests.js';
import type { TenantEntry } from './tenant-cache.js';
import type { AccessClaims, TokenCodec } from './tokens.js';

/**
 * 'public': anyone; 'user': any signed-in account; otherwise a button permission code
 * `{controller}:{action}` of the typed registry in @lintel/contracts: a code that does not exist
 * fails the type check.
 */
export type RoutePermission = 'public' | 'user' | PermissionCode;

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyInstance {
    /** Every /api route with its declared permission, in registration order. */
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    principal: Principal | null;
    tenant: TenantEntry | null;
    session: AccessClaims | null;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  permission: RoutePermission;
  /** The request parts the route declares (JSON schemas), so tests can walk every field of every route. */
  schema: RouteInputSchema;
}

export interface RouteInputSchema {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  /** Media types other than JSON the body may arrive in (multipart uploads). */
  consumes?: readonly string[];
}

const invalidToken = () => unauthorized('error.tokenInvalid', { [ACCESS_TOKEN_HEADER]: INVALID_TOKEN });

function bearer(value: string | string[] | undefined): string | undefined {
  const header = Array.isArray(value) ? value[0] : value;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * Default deny: every /api route must declare its permission when it is registered (start-up
 * fails otherwise), and one hook enforces it before the body is even parsed.
 */
export function registerGate(
  app: FastifyInstance,
  sessions: Sessions,
  codec: TokenCodec,
  /** Open API requests signed with an access key instead of a token (sysOpenAccess). */
  signed?: SignedRequests,
): void {
  const known = registryPermissions();
  app.decorateRequest('principal', null);
  app.decorateRequest('tenant', null);
  app.decorateRequest('session', null);

  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const permission = route.config?.permission;
    if (!permission) throw new Error(`Route ${route.method} ${route.url} declares no permission`);
    if (permission !== 'public' && permission !== 'user' && !known.has(permission)) {
      throw new Error(`Route ${route.url} names permission ${permission}, which the registry lacks`);
    }
    const declared = route.schema as (RouteInputSchema & { query?: unknown }) | undefined;
    const schema: RouteInputSchema = {
      body: declared?.body,
      querystring: declared?.querystring ?? declared?.query,
      params: declared?.params,
      consumes: declared?.consumes,
    };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, permission, schema });
    }
  });

  async function authenticate(request: FastifyRequest, reply: { header(k: string, v: string): unknown }) {
    const access = bearer(request.headers.authorization);
    const verified = access ? codec.verify<AccessClaims>(access, 'a') : undefined;
    if (verified?.ok) return verified.claims;
    const refresh = bearer(request.headers['x-authorization']);
    // A call without any token is anonymous (plain 401). One whose tokens cannot continue a session
    // (a forged or malformed access token, an expired one without a refresh token) ends it: the
    // client is told with `access-token: invalid_token` and goes to sign-in.
    if (!access && !refresh) throw unauthorized();
    if ((verified && !verified.expired) || !refresh) throw invalidToken();
    const outcome = await sessions.refresh(refresh, access);
    if (outcome.kind === 'invalid') throw invalidToken();
    if (outcome.kind === 'rotated') {
      reply.header(ACCESS_TOKEN_HEADER, outcome.pair.accessToken);
      reply.header(REFRESH_TOKEN_HEADER, outcome.pair.refreshToken);
    }
    return outcome.claims;
  }

  app.addHook('onRequest', async (request, reply) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission || permission === 'public') return;
    const { claims, principal, tenant } = signed?.present(request)
      ? await signed.resolve(request)
      : await authenticate(request, reply).then(async (c) => ({ claims: c, ...(await sessions.resolve(c)) }));
    const refusal = sessionRefusal(claims, principal, tenant);
    if (refusal || !principal || !tenant) throw refusal ?? invalidToken();
    request.session = claims;
    request.principal = principal;
    request.tenant = tenant;
    // The tenant may require a new password first; only the routes to change it and leave serve.
    const due = passwordChangeDue(principal, tenant);
    if (due && !request.routeOptions.config?.beforePasswordChange) throw passwordChangeRefusal(due);
    if (principal.isSuperAdmin) return;
    if (principal.blockedRoutes.length && principal.blockedRoutes.includes(request.routeOptions.url ?? '')) {
      throw forbidden('error.apiBlocked');
    }
    if (permission !== 'user' && !principal.permissions.includes(permission)) {
      throw forbidden('error.forbidden', { permission });
    }
  });
}

/**
 * Why a token's session may not be served, or null when it is live: the account and its token
 * family exist and are not revoked, the account is enabled and of a kind that signs in, and its
 * tenant is enabled (the super admin works in a disabled tenant too). The gate and the file server
 * (uploads) apply the same conditions.
 */
export function sessionRefusal(
  claims: AccessClaims,
  principal: Principal | undefined,
  tenant: TenantEntry | undefined,
): AppError | null {
  if (!principal || principal.revokedFamilies.includes(claims.fam)) return invalidToken();
  const ended = (key: string) => new AppError(401, key, undefined, { [ACCESS_TOKEN_HEADER]: INVALID_TOKEN });
  if (!tenant || (tenant.status !== Status.Enable && !principal.isSuperAdmin))
    return ended('auth.tenantDisabled');
  if (principal.status !== Status.Enable) return ended('auth.accountDisabled');
  if (!LOGIN_ACCOUNT_TYPES.includes(principal.accountType as AccountType))
    return ended('auth.noLoginPermission');
  return null;
}

/** The signed-in principal of a route whose permission is not 'public'. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
