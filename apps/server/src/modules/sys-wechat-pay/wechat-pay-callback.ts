import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/http/errors.js';
import {
  applyRefund,
  applyTransaction,
  WechatMismatch,
  type WechatRefund,
  type WechatTransaction,
} from './wechat-pay-apply.js';
import type { SignedHeaders, EncryptedResource } from './wechat-pay-protocol.js';
import type { SysWechatPayService } from './sys-wechat-pay.service.js';

export interface Notification {
  id: string;
  event_type: string;
  resource: EncryptedResource;
}

/** The answer WeChat reads: 204 taken; anything else is retried (the message is for its logs). */
export type NotifyAnswer = { status: 204 } | { status: 400 | 401; message: string };

const fail = (status: 400 | 401, message: string): NotifyAnswer => ({ status, message });

/**
 * A payment or refund notification, anonymous by nature: it is believed only when WeChat's signature
 * over the exact body checks out with the platform key of the tenant named in the notify URL, and
 * the resource opens with that tenant's APIv3 key. Then the order or refund is updated, at most once
 * (a repeat finds it already in that state), and only when the amounts agree with the local row.
 * The messages are English on purpose: WeChat's servers read them, not a person.
 */
export async function handleNotification(
  ctx: AppContext,
  service: SysWechatPayService,
  tenantId: string,
  headers: SignedHeaders,
  rawBody: string,
  body: Notification,
): Promise<NotifyAnswer> {
  const tenant = await ctx.tenants.get(tenantId);
  if (!tenant) return fail(401, 'unknown tenant');
  const client = await service.client(tenantId).catch((error: unknown) => {
    if (error instanceof AppError) return undefined;
    throw error;
  });
  if (!client) return fail(401, 'WeChat Pay is not configured for this tenant');
  const failure = await client.verify(headers, rawBody).catch(() => 'unknownSerial' as const);
  if (failure) {
    ctx.log.warn({ tenantId, failure, notification: body.id }, 'WeChat Pay notification refused');
    return fail(401, `signature verification failed: ${failure}`);
  }
  let resource: unknown;
  try {
    resource = JSON.parse(client.decrypt(body.resource));
  } catch {
    return fail(401, 'the resource does not decrypt with the APIv3 key');
  }
  try {
    return await ctx.db.tenant(tenantId, async (trx) => {
      if (body.event_type.startsWith('TRANSACTION.')) {
        const tx = resource as WechatTransaction;
        const order = await service.repo.order(trx, String(tx.out_trade_no));
        if (!order) return fail(400, `unknown order ${tx.out_trade_no}`);
        await applyTransaction(trx, service.repo, order, tx);
      } else if (body.event_type.startsWith('REFUND.')) {
        const report = resource as WechatRefund;
        const refund = await service.repo.refund(trx, String(report.out_refund_no));
        if (!refund) return fail(400, `unknown refund ${report.out_refund_no}`);
        await applyRefund(trx, service.repo, refund, report);
      }
      return { status: 204 } as const;
    });
  } catch (error) {
    if (!(error instanceof WechatMismatch)) throw error;
    ctx.log.warn(
      { tenantId, notification: body.id, reported: error.reported, expected: error.expected },
      'WeChat Pay notification does not match the local order',
    );
    return fail(400, `does not match the order: ${error.message}`);
  }
}
