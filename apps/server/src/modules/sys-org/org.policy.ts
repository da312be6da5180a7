import { badRequest } from '../../platform/http/errors.js';

/** What may happen to an organisation as a row (who may reach it is the data scope's). */
export const orgPolicy = {
  /** Moving a branch under itself or one of its descendants would cut it off the tree. */
  assertMove(branch: ReadonlyMap<string, unknown> | ReadonlySet<string>, newParent: string): void {
    if (branch.has(newParent)) throw badRequest('org.parentCycle');
  },

  /** An organisation goes once it is empty: no sub-organisations, no accounts. */
  assertDeletable(org: { hasChildren: boolean; hasAccounts: boolean }): void {
    if (org.hasChildren) throw badRequest('org.hasChildren');
    if (org.hasAccounts) throw badRequest('org.hasAccounts');
  },
};
