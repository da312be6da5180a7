import { Type } from 'typebox';
import { decimalsUpTo, MAX_ID } from './id.js';

/** Paging fields every `page` endpoint accepts (ARCHITECTURE section 4). */
export const PageInputFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
  field: Type.Optional(Type.String({ maxLength: 64 })),
  order: Type.Optional(Type.String({ maxLength: 32 })),
  descStr: Type.Optional(Type.String({ maxLength: 32 })),
};

/**
 * Keyset paging, for lists that grow into the millions (an offset walks every row it skips: page
 * 5 000 of a million accounts read 100 000 rows). With `afterId` a page is the next `pageSize` rows
 * after that id in id order, at the same cost at any depth; `page`, `field` and `order` are ignored,
 * and `hasNextPage` says whether to go on (from the last row's id). Lists opt in by adding the field.
 */
export const KeysetFields = {
  afterId: Type.Optional(
    Type.String({
      // 0 (from the start) up to the largest id.
      pattern: `^(?:0|${decimalsUpTo(MAX_ID)})$`,
      description: 'Keyset paging: the rows after this id, in id order (page, field and order ignored)',
    }),
  ),
};

/** One page of `item`s (the `PageResult` of api.ts). */
export function PageOf<T extends ReturnType<typeof Type.Object>>(item: T) {
  return Type.Object({
    page: Type.Integer(),
    pageSize: Type.Integer(),
    total: Type.Integer(),
    totalPages: Type.Integer(),
    items: Type.Array(item),
    hasPrevPage: Type.Boolean(),
    hasNextPage: Type.Boolean(),
  });
}
