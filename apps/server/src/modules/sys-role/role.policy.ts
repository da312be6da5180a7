import { badRequest } from '../../platform/http/errors.js';
import type { SysRoleTable } from '../../platform/db/schema.js';

type Role = Pick<SysRoleTable, 'code'> & { isSystem: boolean };

/**
 * What may happen to a role as a row, whoever asks (who may grant what is the grant policy's,
 * platform/permission/grant-policy.ts).
 */
export const rolePolicy = {
  /** Built-in roles are referenced by code (seed, tenant set-up): the code stays. */
  assertCodeChange(role: Role, code: string): void {
    if (role.isSystem && code !== role.code) throw badRequest('role.builtInCode');
  },

  /** A built-in role stays; a role someone holds is taken from them first. */
  assertDeletable(role: Pick<Role, 'isSystem'>, holders: number): void {
    if (role.isSystem) throw badRequest('crud.builtInReadOnly');
    if (holders > 0) throw badRequest('role.inUse', { count: holders });
  },
};
