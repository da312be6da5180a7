import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { WechatPayFilter } from '@lintel/contracts';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import type {
  SysWechatPaySettingTable,
  SysWechatPayTable,
  SysWechatRefundTable,
} from './sys-wechat-pay.table.js';

export type SettingRecord = Selectable<SysWechatPaySettingTable>;
export type OrderRecord = Selectable<SysWechatPayTable>;
export type RefundRecord = Selectable<SysWechatRefundTable>;
type Sort = { column: string; direction: 'asc' | 'desc' };

/** Refund states that hold money of the order: only a CLOSED refund gives it back to refund again. */
const COUNTED_REFUND_STATES = ['SUCCESS', 'PROCESSING', 'ABNORMAL'];

/** The SQL of merchant settings, orders and refunds (tenant rows: the transaction names the tenant). */
export class SysWechatPayRepo {
  setting(trx: Trx): Promise<SettingRecord | undefined> {
    return trx.selectFrom('sysWechatPaySetting').selectAll().executeTakeFirst();
  }

  async insertSetting(trx: Trx, row: Insertable<SysWechatPaySettingTable>): Promise<void> {
    await trx.insertInto('sysWechatPaySetting').values(row).execute();
  }

  async updateSetting(trx: Trx, id: string, patch: Updateable<SysWechatPaySettingTable>): Promise<void> {
    await trx.updateTable('sysWechatPaySetting').set(patch).where('id', '=', id).execute();
  }

  page(trx: Trx, filter: WechatPayFilter, sort: Sort) {
    let query = trx.selectFrom('sysWechatPay').selectAll();
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const pattern = containsPattern(keyword);
      query = query.where((eb) =>
        eb.or([eb('outTradeNumber', 'ilike', pattern), eb('transactionId', 'ilike', pattern)]),
      );
    }
    const [from, to] = filter.createTimeRange ?? [];
    if (from) query = query.where('createTime', '>=', new Date(from));
    if (to) query = query.where('createTime', '<=', new Date(to));
    return paginate(query, filter, sort);
  }

  order(trx: Trx, outTradeNumber: string): Promise<OrderRecord | undefined> {
    return trx
      .selectFrom('sysWechatPay')
      .selectAll()
      .where('outTradeNumber', '=', outTradeNumber)
      .executeTakeFirst();
  }

  orderById(trx: Trx, id: string): Promise<OrderRecord | undefined> {
    return trx.selectFrom('sysWechatPay').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The order, locked until the transaction ends: refunds of one order are decided one at a time. */
  lockOrder(trx: Trx, outTradeNumber: string): Promise<OrderRecord | undefined> {
    return trx
      .selectFrom('sysWechatPay')
      .selectAll()
      .where('outTradeNumber', '=', outTradeNumber)
      .forUpdate()
      .executeTakeFirst();
  }

  async insertOrder(trx: Trx, row: Insertable<SysWechatPayTable>): Promise<void> {
    await trx.insertInto('sysWechatPay').values(row).execute();
  }

  /** Changes an order; `unlessState` skips it when it is already in that state (repeated callbacks). */
  async updateOrder(
    trx: Trx,
    id: string,
    patch: Updateable<SysWechatPayTable>,
    unlessState?: string,
  ): Promise<number> {
    let query = trx.updateTable('sysWechatPay').set(patch).where('id', '=', id);
    if (unlessState) query = query.where('tradeState', '<>', unlessState);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  refunds(trx: Trx, wechatPayId: string): Promise<RefundRecord[]> {
    return trx
      .selectFrom('sysWechatRefund')
      .selectAll()
      .where('wechatPayId', '=', wechatPayId)
      .orderBy('createTime', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  refund(trx: Trx, outRefundNumber: string): Promise<RefundRecord | undefined> {
    return trx
      .selectFrom('sysWechatRefund')
      .selectAll()
      .where('outRefundNumber', '=', outRefundNumber)
      .executeTakeFirst();
  }

  /** Fen refunded or being refunded, by order. */
  async refunded(trx: Trx, wechatPayIds: string[]): Promise<Map<string, number>> {
    if (wechatPayIds.length === 0) return new Map();
    const rows = await trx
      .selectFrom('sysWechatRefund')
      .select('wechatPayId')
      .select(sql<string>`coalesce(sum(refund), 0)`.as('sum'))
      .where('wechatPayId', 'in', wechatPayIds)
      .where('tradeState', 'in', COUNTED_REFUND_STATES)
      .groupBy('wechatPayId')
      .execute();
    return new Map(rows.map((r) => [r.wechatPayId, Number(r.sum)]));
  }

  async insertRefund(trx: Trx, row: Insertable<SysWechatRefundTable>): Promise<void> {
    await trx.insertInto('sysWechatRefund').values(row).execute();
  }

  /** Changes a refund; `unlessState` skips it when it is already in that state (repeated callbacks). */
  async updateRefund(
    trx: Trx,
    id: string,
    patch: Updateable<SysWechatRefundTable>,
    unlessState?: string,
  ): Promise<number> {
    let query = trx.updateTable('sysWechatRefund').set(patch).where('id', '=', id);
    if (unlessState) query = query.where('tradeState', '<>', unlessState);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
