import { YesNo } from '@lintel/contracts';
import { badRequest } from '../../platform/http/errors.js';
import type { Config } from './sys-config.repo.js';

type Rule = { kind: 'bool' } | { kind: 'int'; min: number; max: number } | { kind: 'text' };
const bool: Rule = { kind: 'bool' };
const int = (min: number, max: number): Rule => ({ kind: 'int', min, max });

/**
 * The values the product's readers understand, by code (the system items seeded in
 * sys-tenant/tenant-basics.ts CONFIGS). A value they could not read is refused, so a typo cannot
 * turn a setting off silently (Number('18O') is NaN and would fall back to a default).
 */
export const VALUE_RULES: Readonly<Record<string, Rule>> = {
  sys_demo: bool,
  sys_password: { kind: 'text' },
  sys_password_max_error_times: int(1, 100),
  sys_log_retention_days: int(1, 3650),
  sys_oplog: bool,
  sys_single_login: bool,
  sys_login_out_reminder: bool,
  sys_second_ver: bool,
  sys_captcha: bool,
  sys_hide_tenant_login: bool,
  sys_sms_code_ttl: int(60, 86400),
  sys_sms_resend_wait: int(10, 3600),
  sys_demo_menus: bool,
};

/** What may happen to a configuration item as a row. */
export const configPolicy = {
  /** The product reads a system item by its code: it keeps it. */
  assertCodeChange(row: Pick<Config, 'sysFlag' | 'code'>, code: string): void {
    if (row.sysFlag === YesNo.Y && code !== row.code) throw badRequest('config.systemCode');
  },

  assertDeletable(row: Pick<Config, 'sysFlag' | 'code'>): void {
    if (row.sysFlag === YesNo.Y) throw badRequest('config.systemItem', { code: row.code });
  },

  /** A value the product's reader of `code` understands (any value for the operator's own items). */
  assertValue(code: string, value: string | null): void {
    const rule = Object.hasOwn(VALUE_RULES, code) ? VALUE_RULES[code] : undefined;
    if (!rule) return;
    const text = value?.trim() ?? '';
    if (rule.kind === 'text') {
      if (!text) throw badRequest('config.valueRequired', { code });
    } else if (rule.kind === 'bool') {
      if (text !== 'True' && text !== 'False') throw badRequest('config.valueBool', { code });
    } else if (!/^\d+$/.test(text) || Number(text) < rule.min || Number(text) > rule.max) {
      throw badRequest('config.valueInt', { code, min: rule.min, max: rule.max });
    }
  },
};
