import type { Locale } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { dateTimeCell, enumCell } from '../../platform/export/cell-formats.js';
import { EXPORT_BATCH, exportRows, keysetBatches, oneBatch } from '../../platform/export/row-export.js';
import { formatIso } from '../../platform/http/result.js';
import { resolveDataScope } from '../../platform/permission/data-scope.js';
import { UserAdminRepo } from './user-admin.repo.js';
import { UserRow, type UserExportInput } from './user-admin.schema.js';
import type { UserAdminService } from './user-admin.service.js';

/** Columns of the account list a file may hold (the list's row, as the page shows it). */
const EXPORTABLE = Object.keys(UserRow.properties);
/** Coded columns, written as a person reads them. */
const FORMATS = {
  sex: enumCell('Gender'),
  accountType: enumCell('AccountType'),
  status: enumCell('Status'),
  lastLoginTime: dateTimeCell,
  createTime: dateTimeCell,
};

type BatchRow = Awaited<ReturnType<UserAdminRepo['batchAfter']>>[number];
const toCells = (row: BatchRow) => ({
  ...row,
  locked: !!row.locked,
  lastLoginTime: row.lastLoginTime ? formatIso(row.lastLoginTime) : null,
  createTime: formatIso(row.createTime),
});

/**
 * The accounts of a filter as a file, streamed: the page the user sees, or every matching row read
 * in batches of short transactions (the embedded database is never held for the whole download).
 * Data scope and field blacklist apply as to the list.
 */
export class UserExportService {
  private readonly repo = new UserAdminRepo();

  constructor(
    private readonly ctx: AppContext,
    private readonly accounts: UserAdminService,
  ) {}

  export(principal: Principal, input: UserExportInput, locale: Locale, onError: (error: unknown) => void) {
    const { format, range, columns, ...filter } = input;
    const all = async () => {
      const scope = await this.ctx.db.tenant(principal.tenantId, (trx) => resolveDataScope(trx, principal));
      return keysetBatches((last: BatchRow | undefined) =>
        this.ctx.db.tenant(principal.tenantId, (trx) =>
          this.repo.batchAfter(trx, scope, filter, last?.id ?? '0', EXPORT_BATCH),
        ),
      );
    };
    return exportRows<Record<string, unknown>>(
      {
        format,
        allowed: EXPORTABLE,
        hidden: principal.fieldBlacklist.sysUser,
        asked: columns,
        name: 'accounts',
        rows: () =>
          range === 'page'
            ? oneBatch(this.accounts.page(principal, filter).then((page) => page.items))
            : mapBatches(all(), toCells),
        cells: (row) => row as Record<string, string | number | boolean | null>,
        locale,
        formats: FORMATS,
      },
      onError,
    );
  }
}

async function* mapBatches<R, C>(
  source: Promise<AsyncIterable<readonly R[]>>,
  map: (row: R) => C,
): AsyncGenerator<readonly C[]> {
  for await (const batch of await source) yield batch.map(map);
}
