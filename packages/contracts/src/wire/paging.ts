import { Type } from 'typebox';

/** Paging fields every `page` endpoint accepts (ARCHITECTURE section 4). */
export const PageInputFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
  field: Type.Optional(Type.String({ maxLength: 64 })),
  order: Type.Optional(Type.String({ maxLength: 32 })),
  descStr: Type.Optional(Type.String({ maxLength: 32 })),
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
