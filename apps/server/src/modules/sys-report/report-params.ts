import type { ReportParamDef, ReportParamValueType } from '@lintel/contracts';
import { badRequest } from '../../platform/http/errors.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The values a report runs with, checked against its parameter definitions: a number is a finite
 * number, a date a YYYY-MM-DD day, a choice one of its options; an empty input takes the default,
 * and a required one left empty is a localized 400. A date range `p` is bound as `p_start` and
 * `p_end` in SQL, and as the pair `p` for a builder's `between` filter.
 */
export function resolveParams(
  defs: readonly ReportParamDef[],
  given: Record<string, ReportParamValueType> | undefined,
): Map<string, unknown> {
  const values = new Map<string, unknown>();
  for (const def of defs) {
    const raw = given && Object.hasOwn(given, def.name) ? given[def.name] : undefined;
    const value = isEmpty(raw) ? def.defaultValue : raw;
    if (isEmpty(value)) {
      if (def.required) throw badRequest('sysReport.paramRequired', { label: def.label });
      if (def.type === 'dateRange') {
        values.set(`${def.name}_start`, null);
        values.set(`${def.name}_end`, null);
      }
      values.set(def.name, null);
      continue;
    }
    const invalid = () => badRequest('sysReport.paramInvalid', { label: def.label });
    switch (def.type) {
      case 'number': {
        const n = typeof value === 'number' ? value : Number(value);
        if (Array.isArray(value) || !Number.isFinite(n)) throw invalid();
        values.set(def.name, n);
        break;
      }
      case 'date':
        if (typeof value !== 'string' || !DAY.test(value)) throw invalid();
        values.set(def.name, value);
        break;
      case 'dateRange': {
        if (!Array.isArray(value) || value.length !== 2 || !value.every((d) => DAY.test(d))) throw invalid();
        values.set(`${def.name}_start`, value[0]);
        values.set(`${def.name}_end`, value[1]);
        values.set(def.name, value);
        break;
      }
      case 'select':
        if (Array.isArray(value) || !(def.options ?? []).some((o) => o.value === String(value)))
          throw invalid();
        values.set(def.name, String(value));
        break;
      default:
        if (Array.isArray(value)) throw invalid();
        values.set(def.name, String(value));
    }
  }
  return values;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The bound value of a name the SQL or a filter uses; one the report does not declare is a 400. */
export function paramValue(values: Map<string, unknown>, name: string): unknown {
  if (!values.has(name)) throw badRequest('sysReport.unknownParam', { name });
  return values.get(name);
}
