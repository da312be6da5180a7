import type { PermissionCode, PickedUserRow, PickUserInput } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { forbidden } from '../../platform/http/errors.js';
import { pickAccounts } from './user-picker.repo.js';

/**
 * Who may pick accounts: whoever addresses them (message senders, notice editors), binds them (open
 * API keys act as an account) or lists them.
 * They see account, real name and organisation only, and the field blacklist still strips what the
 * caller's roles hide (the route names the sysUser table).
 */
const PICKERS: readonly PermissionCode[] = [
  'sysUser:page',
  'sysMessage:sendUser',
  'sysMessage:sendUsers',
  'sysNotice:add',
  'sysNotice:update',
  'sysOpenAccess:add',
  'sysOpenAccess:update',
];

export class UserPickerService {
  constructor(private readonly ctx: AppContext) {}

  async pick(principal: Principal, input: PickUserInput): Promise<PickedUserRow[]> {
    if (!PICKERS.some((code) => principal.permissions.includes(code))) throw forbidden();
    return this.ctx.db.tenant(principal.tenantId, (trx) =>
      pickAccounts(trx, input.keyword.trim() || input.keyword, input.limit ?? 20),
    );
  }
}
