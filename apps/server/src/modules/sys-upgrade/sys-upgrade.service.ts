import { Status, type UpgradeFilter, type UpgradeInput, type UpgradeUpdate } from '@lintel/contracts';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { APP_VERSION } from '../../version.js';
import { SysUpgradeRepo, type UpgradeRecord } from './sys-upgrade.repo.js';

const SORTABLE = { version: 'version', publishTime: 'publishTime', createTime: 'createTime' };

const toOutput = (row: UpgradeRecord) => ({
  id: row.id,
  version: row.version,
  title: row.title,
  content: row.content,
  publishTime: formatIso(row.publishTime),
  status: row.status,
  createTime: formatIso(row.createTime),
  updateTime: iso(row.updateTime),
});

const toNote = (row: {
  id: string;
  version: string;
  title: string;
  content: string;
  publishTime: Date;
  read: boolean;
}) => ({
  ...row,
  publishTime: formatIso(row.publishTime),
  read: !!row.read,
});

/**
 * Release notes: the super admin writes them (platform tables, one list for all tenants); every
 * account reads the published ones and marks them read (the upgrade prompt, the dashboard).
 */
export class SysUpgradeService {
  private readonly repo = new SysUpgradeRepo();

  constructor(private readonly ctx: AppContext) {}

  page(filter: UpgradeFilter) {
    return this.ctx.db.platform(async (trx) => {
      const sort = resolveSort(filter, SORTABLE, { column: 'publishTime', direction: 'desc' });
      const page = await this.repo.page(trx, filter, sort);
      return { ...page, items: page.items.map(toOutput) };
    });
  }

  add(principal: Principal, input: UpgradeInput): Promise<string> {
    const id = newId();
    return this.ctx.db.platform(async (trx) => {
      await this.repo.insert(trx, { id, ...this.fields(input), ...created(principal) });
      return id;
    });
  }

  async update(principal: Principal, input: UpgradeUpdate): Promise<void> {
    await this.ctx.db.platform(async (trx) => {
      if (!(await this.repo.find(trx, input.id))) throw notFound();
      await this.repo.update(trx, input.id, { ...this.fields(input), ...updated(principal) });
    });
  }

  async delete(id: string): Promise<void> {
    await this.ctx.db.platform(async (trx) => {
      if (!(await this.repo.find(trx, id))) throw notFound();
      await this.repo.delete(trx, id);
    });
  }

  /** The version the server runs and the newest published notes, with the caller's read state. */
  async latest(principal: Principal, limit: number) {
    const rows = await this.ctx.db.platform((trx) => this.repo.published(trx, principal.userId, limit));
    return { version: APP_VERSION, notes: rows.map(toNote) };
  }

  /** Published notes the caller has not read, from the caller's account creation on (newest first). */
  async unread(principal: Principal) {
    const since = await this.ctx.db.tenant(principal.homeTenantId, (trx) =>
      this.repo.accountCreated(trx, principal.userId),
    );
    if (!since) return [];
    const rows = await this.ctx.db.platform((trx) => this.repo.published(trx, principal.userId, 20, since));
    return rows.map(toNote);
  }

  async setRead(principal: Principal, ids: string[]): Promise<void> {
    await this.ctx.db.platform((trx) => this.repo.markRead(trx, principal.userId, [...new Set(ids)]));
  }

  private fields(input: UpgradeInput) {
    return {
      version: input.version.trim(),
      title: input.title.trim(),
      content: input.content,
      publishTime: input.publishTime ?? new Date(),
      status: input.status ?? Status.Enable,
    };
  }
}
