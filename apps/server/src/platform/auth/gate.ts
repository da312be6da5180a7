import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACCESS_TOKEN_HEADER,
  INVALID_TOKEN,
  LOGIN_ACCOUNT_TYPES,
  REFRESH_TOKEN_HEADER,
  Status,
  registryPermissions,
  type AccountType,
} from '@lintel/contracts';
import { AppError, forbidden, unauthorized } from '../http/errors.js';
import type { Principal } from './principal.js';
import type { Sessions } from './sessions.js';
import type { TenantEntry } from './tenant-cache.js';
import type { AccessClaims, TokenCodec } from './tokens.js';

/**
 * 'public': anyone; 'user': any signed-in account; otherwise a button permission code
 * `{controller}:{action}` from the registry in @lintel/contracts.
 */
export type RoutePermission = 'public' | 'user' | `${string}:${string}`;

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
export function registerGate(app: FastifyInstance, sessions: Sessions, codec: TokenCodec): void {
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
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, permission });
    }
  });

  async function authenticate(request: FastifyRequest, reply: { header(k: string, v: string): unknown }) {
    const access = bearer(request.headers.authorization);
    const verified = access ? codec.verify<AccessClaims>(access, 'a') : undefined;
    if (verified?.ok) return verified.claims;
    if (verified && !verified.expired) throw unauthorized();
    const refresh = bearer(request.headers['x-authorization']);
    if (!refresh) throw unauthorized();
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
    const claims = await authenticate(request, reply);
    const { principal, tenant } = await sessions.resolve(claims);
    if (!principal || principal.revokedFamilies.includes(claims.fam)) throw invalidToken();
    if (!tenant || (tenant.status !== Status.Enable && !principal.isSuperAdmin)) {
      throw new AppError(401, 'auth.tenantDisabled', undefined, { [ACCESS_TOKEN_HEADER]: INVALID_TOKEN });
    }
    if (principal.status !== Status.Enable) {
      throw new AppError(401, 'auth.accountDisabled', undefined, { [ACCESS_TOKEN_HEADER]: INVALID_TOKEN });
    }
    if (!LOGIN_ACCOUNT_TYPES.includes(principal.accountType as AccountType)) {
      throw new AppError(401, 'auth.noLoginPermission', undefined, { [ACCESS_TOKEN_HEADER]: INVALID_TOKEN });
    }
    request.session = claims;
    request.principal = principal;
    request.tenant = tenant;
    if (principal.isSuperAdmin) return;
    if (principal.blockedRoutes.length && principal.blockedRoutes.includes(request.routeOptions.url ?? '')) {
      throw forbidden('error.apiBlocked');
    }
    if (permission !== 'user' && !principal.permissions.includes(permission)) {
      throw forbidden('error.forbidden', { permission });
    }
  });
}

/** The signed-in principal of a route whose permission is not 'public'. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
