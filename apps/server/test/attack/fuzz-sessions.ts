import { SEED_IDS, type TestApp } from '../harness.js';

export type Who = 'superAdmin' | 'admin' | 'anonymous';

/**
 * Bearer headers for the super admin and the default tenant's admin, issued directly (no sign-in
 * rate limit) and issued again when a fuzzed logout or force-offline has revoked them; none for
 * an anonymous caller.
 */
export function attackSessions(t: TestApp) {
  const tokens = new Map<Who, string>();
  const issue = async (who: 'superAdmin' | 'admin') => {
    const pair = await t.ctx.sessions.issue(
      { id: SEED_IDS[who], tenantId: SEED_IDS.tenant },
      SEED_IDS.tenant,
      {},
    );
    tokens.set(who, pair.accessToken);
    return pair.accessToken;
  };
  return {
    async headers(who: Who): Promise<Record<string, string>> {
      if (who === 'anonymous') return {};
      return { authorization: `Bearer ${tokens.get(who) ?? (await issue(who))}` };
    },
    /** A token the server no longer accepts is replaced. */
    async renewAfter(who: Who, status: number) {
      if (status === 401 && who !== 'anonymous') await issue(who);
    },
  };
}
