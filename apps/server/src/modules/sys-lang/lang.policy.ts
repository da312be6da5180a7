import { badRequest } from '../../platform/http/errors.js';

/** What may happen to a language as a row: the product always keeps one active language to offer. */
export const langPolicy = {
  /** `activeIds`: the active languages now; `id` stops being active (deleted or deactivated). */
  assertNotLastActive(activeIds: readonly string[], id: string): void {
    if (activeIds.length === 1 && activeIds[0] === id) throw badRequest('lang.lastActive');
  },
};
