import type { Principal } from '../../platform/auth/principal.js';
import type { WechatPaySetting, WechatPaySettingInput, WechatPayStatus } from '@lintel/contracts';
import { applied } from '../../platform/audit/diff.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import { openSecret, sealSecret } from '../../platform/crypto/secret-box.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { badRequest, conflict } from '../../platform/http/errors.js';
import { platformPublicKeyOf, type OpenSetting } from './wechat-pay-client.js';
import { privateKeyOf } from './wechat-pay-protocol.js';
import type { SettingRecord, SysWechatPayRepo } from './sys-wechat-pay.repo.js';

export const DEFAULT_API_BASE = 'https://api.mch.weixin.qq.com';

/** What must be set before any call to WeChat, by wire field name, in the order the form shows them. */
export function missingOf(row: SettingRecord | undefined): string[] {
  const missing: string[] = [];
  if (!row?.appId) missing.push('appId');
  if (!row?.merchantId) missing.push('merchantId');
  if (!row?.merchantSerialNo) missing.push('merchantCertificateSerialNumber');
  if (!row?.privateKey) missing.push('merchantCertificatePrivateKey');
  if (!row?.v3Secret) missing.push('merchantV3Secret');
  return missing;
}

export function statusOf(row: SettingRecord | undefined): WechatPayStatus {
  return {
    configured: missingOf(row).length === 0,
    missing: missingOf(row),
    partner: !!row?.subMerchantId,
    verification: row?.platformPublicKeyId && row.platformPublicKey ? 'publicKey' : 'certificate',
  };
}

export function settingOutput(row: SettingRecord | undefined): WechatPaySetting {
  return {
    appId: row?.appId ?? '',
    merchantId: row?.merchantId ?? '',
    merchantCertificateSerialNumber: row?.merchantSerialNo ?? '',
    hasPrivateKey: !!row?.privateKey,
    hasV3Secret: !!row?.v3Secret,
    platformPublicKeyId: row?.platformPublicKeyId ?? null,
    platformPublicKey: row?.platformPublicKey ?? null,
    subAppId: row?.subAppId ?? null,
    subMerchantId: row?.subMerchantId ?? null,
    apiBase: row?.apiBase ?? DEFAULT_API_BASE,
    updateTime: iso(row?.updateTime ?? row?.createTime ?? null),
  };
}

/** The setting with its secrets opened, or a 400 naming what is still to be configured. */
export function openSetting(ctx: AppContext, tenantId: string, row: SettingRecord | undefined): OpenSetting {
  const missing = missingOf(row);
  if (!row || missing.length > 0) throw badRequest('wechatPay.notConfigured', { fields: missing.join(', ') });
  return {
    tenantId,
    appId: row.appId,
    merchantId: row.merchantId,
    serialNo: row.merchantSerialNo,
    privateKey: privateKeyOf(openSecret(ctx.keys, row.privateKey!)),
    v3Secret: openSecret(ctx.keys, row.v3Secret!),
    platformPublicKeyId: row.platformPublicKeyId,
    platformPublicKey: platformPublicKeyOf(row.platformPublicKey),
    subAppId: row.subAppId,
    subMerchantId: row.subMerchantId,
    apiBase: row.apiBase,
  };
}

const blank = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** Checks what was typed; keys that do not parse are refused here, not at the first payment. */
function checked(input: WechatPaySettingInput) {
  const privateKey = blank(input.merchantCertificatePrivateKey);
  if (privateKey) {
    try {
      privateKeyOf(privateKey);
    } catch {
      throw badRequest('wechatPay.badPrivateKey');
    }
  }
  const v3Secret = input.merchantV3Secret ?? '';
  if (v3Secret && Buffer.byteLength(v3Secret, 'utf8') !== 32) throw badRequest('wechatPay.badV3Secret');
  const publicKeyId = blank(input.platformPublicKeyId);
  const publicKey = blank(input.platformPublicKey);
  if (!publicKeyId !== !publicKey) throw badRequest('wechatPay.publicKeyPair');
  if (publicKey) {
    try {
      platformPublicKeyOf(publicKey);
    } catch {
      throw badRequest('wechatPay.badPublicKey');
    }
  }
  const apiBase = blank(input.apiBase) ?? DEFAULT_API_BASE;
  let base: URL;
  try {
    base = new URL(apiBase);
  } catch {
    throw badRequest('wechatPay.badApiBase');
  }
  if (!['http:', 'https:'].includes(base.protocol) || base.username || base.password)
    throw badRequest('wechatPay.badApiBase');
  return {
    fields: {
      appId: input.appId.trim(),
      merchantId: input.merchantId.trim(),
      merchantSerialNo: input.merchantCertificateSerialNumber.trim().toUpperCase(),
      platformPublicKeyId: publicKeyId,
      platformPublicKey: publicKey,
      subAppId: blank(input.subAppId),
      subMerchantId: blank(input.subMerchantId),
      apiBase: base.toString().replace(/\/+$/, ''),
    },
    privateKey,
    v3Secret,
  };
}

/** Saves the tenant's setting: secrets are sealed, and an empty secret keeps the saved one. */
export async function saveSetting(
  ctx: AppContext,
  repo: SysWechatPayRepo,
  principal: Principal,
  input: WechatPaySettingInput,
): Promise<void> {
  const { fields, privateKey, v3Secret } = checked(input);
  const secrets = {
    ...(privateKey ? { privateKey: sealSecret(ctx.keys, privateKey) } : {}),
    ...(v3Secret ? { v3Secret: sealSecret(ctx.keys, v3Secret) } : {}),
  };
  const write = (trx: Trx) => upsert(ctx, repo, trx, principal, { ...fields, ...secrets });
  try {
    await ctx.db.tenant(principal.tenantId, write);
  } catch (error) {
    // Two first saves at once for one tenant: the unique index lets one in.
    if (sqlState(error) === PG_UNIQUE_VIOLATION) throw conflict('wechatPay.saveConflict');
    throw error;
  }
}

async function upsert(
  ctx: AppContext,
  repo: SysWechatPayRepo,
  trx: Trx,
  principal: Principal,
  patch: Omit<Parameters<SysWechatPayRepo['insertSetting']>[1], 'id' | 'tenantId'>,
) {
  const current = await repo.setting(trx);
  const hide = <T extends object>(row: T) => {
    const { privateKey: _p, v3Secret: _s, ...rest } = row as T & { privateKey?: unknown; v3Secret?: unknown };
    return rest;
  };
  if (!current) {
    const row = { id: newId(), tenantId: principal.tenantId, ...patch, ...created(principal) };
    await repo.insertSetting(trx, row);
    ctx.audit.diff({
      principal,
      table: 'sysWechatPaySetting',
      rowId: row.id,
      operation: 'insert',
      after: hide(row),
    });
    return;
  }
  const change = { ...patch, ...updated(principal) };
  await repo.updateSetting(trx, current.id, change);
  ctx.audit.diff({
    principal,
    table: 'sysWechatPaySetting',
    rowId: current.id,
    operation: 'update',
    before: hide(current),
    after: hide(applied(current, change)),
  });
}
