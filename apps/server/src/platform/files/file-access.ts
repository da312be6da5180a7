import type { FastifyRequest } from 'fastify';
import { sessionRefusal } from '../auth/gate.js';
import type { Sessions } from '../auth/sessions.js';
import type { AccessClaims, TokenCodec } from '../auth/tokens.js';
import type { FileCookie } from './file-cookie.js';

const bearer = (header: string | undefined) =>
  header ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;

/**
 * Who may read the files of a tenant: a live session working in that tenant (a super admin
 * working elsewhere also reads its own home tenant's, where its avatar lives). The session is
 * proven by a bearer access token (API clients) or by the file cookie (<img> tags in the web app).
 */
export class FileAccess {
  constructor(
    private readonly sessions: Sessions,
    private readonly codec: TokenCodec,
    private readonly cookie: FileCookie,
  ) {}

  async admits(request: FastifyRequest, tenantId: string): Promise<boolean> {
    const token = bearer(request.headers.authorization);
    const verified = token ? this.codec.verify<AccessClaims>(token, 'a') : undefined;
    if (verified?.ok && (await this.live(verified.claims, tenantId))) return true;
    const proven = this.cookie.read(request);
    return !!proven && (await this.live(proven, tenantId));
  }

  /**
   * The gate's conditions for a live session (`sessionRefusal`), without a permission: any account
   * of a tenant sees its colleagues' avatars. The principal comes from the session cache, one cache
   * round trip when nothing changed; a revocation (logout, force offline, disable, password change)
   * changes the user's stamp, so the reloaded principal lists the revoked family.
   */
  private async live(claims: AccessClaims, tenantId: string): Promise<boolean> {
    if (tenantId !== claims.tid && tenantId !== claims.ut) return false;
    const { principal, tenant } = await this.sessions.resolve(claims);
    return sessionRefusal(claims, principal, tenant) === null;
  }
}
