import { YesNo } from '@lintel/contracts';
import { badRequest } from '../../platform/http/errors.js';
import type { DictType } from '../../platform/db/schema.js';

/** What may happen to a dictionary type as a row: built-in types (sysFlag Y) keep their code and stay. */
export const dictTypePolicy = {
  /** Code reads a built-in dictionary by its code. */
  assertCodeChange(type: Pick<DictType, 'sysFlag' | 'code'>, code: string): void {
    if (type.sysFlag === YesNo.Y && code !== type.code) throw badRequest('dict.builtInCode');
  },

  assertDeletable(type: Pick<DictType, 'sysFlag'>): void {
    if (type.sysFlag === YesNo.Y) throw badRequest('crud.builtInReadOnly');
  },
};
