import type { Locale } from '@lintel/contracts';
import type { AppContext } from '../../platform/context.js';
import { dateTimeCell, enumCell } from '../../platform/export/cell-formats.js';
import { EXPORT_BATCH, exportRows, keysetBatches, oneBatch } from '../../platform/export/row-export.js';
import { SysTenantRepo } from './sys-tenant.repo.js';
import { TenantRow, type TenantExportInput } from './sys-tenant.schema.js';
import type { TenantAdminService } from './tenant-admin.service.js';

/** Fields of the tenant list a file may hold. */
const EXPORTABLE = Object.keys(TenantRow.properties);
/** Coded columns, written as a person reads them. */
const FORMATS = {
  tenantType: enumCell('TenantType'),
  status: enumCell('Status'),
  createTime: dateTimeCell,
  updateTime: dateTimeCell,
};

/** The tenant list as a file (super admin; tenants are a platform table, read outside any tenant). */
export class TenantExportService {
  private readonly repo = new SysTenantRepo();

  constructor(
    private readonly ctx: AppContext,
    private readonly admin: TenantAdminService,
  ) {}

  /**
   * The filtered tenants as a file, streamed: the page the user sees, or every match read in batches
   * of short transactions; each with its administrator account, as in the list.
   */
  export(input: TenantExportInput, locale: Locale, onError: (error: unknown) => void) {
    const { format, range, columns, ...filter } = input;
    const batch = async (last: { id: string } | undefined) => {
      const rows = await this.ctx.db.platform((trx) =>
        this.repo.batchAfter(trx, filter, last?.id ?? '0', EXPORT_BATCH),
      );
      return this.admin.withAdmins(rows);
    };
    return exportRows(
      {
        format,
        allowed: EXPORTABLE,
        asked: columns,
        name: 'tenants',
        rows: () =>
          range === 'page'
            ? oneBatch(this.admin.page(filter).then((page) => page.items))
            : keysetBatches(batch),
        cells: (row) => row,
        locale,
        formats: FORMATS,
      },
      onError,
    );
  }
}
