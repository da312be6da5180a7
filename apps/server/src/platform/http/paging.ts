import type { PageInput, PageResult } from '@lintel/contracts';
import type { SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';
import { badRequest } from './errors.js';

/** The paging request fields and page schema are part of the wire (@lintel/contracts wire/paging.ts). */
export { PageInputFields, PageOf } from '@lintel/contracts/wire';

/** The paging fields of a request (ARCHITECTURE section 4). */
export type PageRequest = PageInput;

/**
 * Resolves the requested sort against an allow-list (field name as the client sends it → column),
 * so a sort field can never inject SQL. Empty order, or order equal to descStr, means descending.
 * Only the list's own keys count: `constructor` or `__proto__` would find Object's members.
 */
export function resolveSort(
  input: PageRequest,
  allowed: Record<string, string>,
  fallback: { column: string; direction: 'asc' | 'desc' },
): { column: string; direction: 'asc' | 'desc' } {
  if (!input.field) return fallback;
  const column = Object.hasOwn(allowed, input.field) ? allowed[input.field] : undefined;
  if (!column) {
    throw badRequest('validation.sortField', {
      field: input.field,
      allowed: Object.keys(allowed).join(', '),
    });
  }
  const descStr = input.descStr || 'descending';
  const direction = !input.order || input.order === descStr || input.order === 'desc' ? 'desc' : 'asc';
  return { column, direction };
}

/** Runs a filtered query as one page: a count and the rows, in the same transaction handle. */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  input: PageRequest,
  sort: { column: string; direction: 'asc' | 'desc' },
  tieBreaker = 'id',
  /** Where totals may come from a cache: given the exact count, answers the total to show. */
  totalOf: (exact: () => Promise<number>) => Promise<number> = (exact) => exact(),
): Promise<PageResult<O>> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? 20;
  const count = async () => {
    const countRow = await query
      .clearSelect()
      .select(sql<string>`count(*)`.as('total'))
      .executeTakeFirst();
    return Number((countRow as { total?: string } | undefined)?.total ?? 0);
  };
  // Keyset (wire/paging.ts KeysetFields): the next rows after an id, in id order; one more row
  // than asked tells whether there is a next page.
  const rows = input.afterId
    ? query
        .where(sql.ref(tieBreaker), '>', input.afterId)
        .orderBy(sql.ref(tieBreaker), 'asc')
        .limit(pageSize + 1)
        .execute()
    : query
        .orderBy(sql.ref(sort.column), sort.direction)
        .orderBy(sql.ref(tieBreaker), sort.direction)
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
  // Side by side: a cached total (a cache round trip) costs the page nothing; a counted one queues
  // behind the page on the same connection.
  const [total, fetched] = await Promise.all([totalOf(count), rows]);
  if (input.afterId) {
    const items = fetched.slice(0, pageSize);
    const totalPages = Math.ceil(total / pageSize);
    return {
      page,
      pageSize,
      total,
      totalPages,
      items,
      hasPrevPage: input.afterId !== '0',
      hasNextPage: fetched.length > pageSize,
    };
  }
  const items = fetched;
  const totalPages = Math.ceil(total / pageSize);
  return { page, pageSize, total, totalPages, items, hasPrevPage: page > 1, hasNextPage: page < totalPages };
}
