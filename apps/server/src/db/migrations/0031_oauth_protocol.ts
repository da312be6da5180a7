import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * WeChat sign-in beside OAuth 2.0 (issue 14). A provider names the protocol it speaks: `oauth2` (every
 * provider so far), `wechat_open` (Open Platform website QR login) or `wechat_mp` (Official Account
 * web authorisation). A binding keeps the name and picture the provider gave when it was made (the
 * WeChat nickname and headimgurl), for the third-party users list.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sys_oauth_provider add column protocol varchar(16) not null default 'oauth2'`.execute(
    db,
  );
  await sql`alter table sys_oauth_provider add constraint sys_oauth_provider_protocol_ck
    check (protocol in ('oauth2', 'wechat_open', 'wechat_mp'))`.execute(db);
  await sql`alter table sys_oauth_binding add column external_name varchar(64)`.execute(db);
  await sql`alter table sys_oauth_binding add column avatar varchar(512)`.execute(db);
}
