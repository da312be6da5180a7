import type { FormInstance } from 'antd';
import { ApiError } from './api-error';

/** A field of a refused request as antd names it, with the server's message for it. */
export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

/** 'extOrgIdList[1].orgId' → ['extOrgIdList', 1, 'orgId'] */
const namePath = (field: string): (string | number)[] =>
  field
    .split(/\.|\[(\d+)\]/)
    .filter((part) => part !== undefined && part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * The per-field messages of a validation refusal (`extras.errors[]` of the 400 wrapper: one
 * localized sentence per field, named by its wire name), for the fields of a form.
 */
export function serverFieldErrors(error: unknown): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  const extras = (error.body as { extras?: { errors?: unknown } } | null)?.extras;
  const errors = Array.isArray(extras?.errors) ? (extras.errors as unknown[]) : [];
  return errors
    .filter(
      (e): e is { field: string; message: string } =>
        typeof (e as { field?: unknown }).field === 'string' &&
        typeof (e as { message?: unknown }).message === 'string',
    )
    .map((e) => ({ name: namePath(e.field), errors: [e.message] }));
}

/**
 * Shows the server's message under each field of the form it names (the toast has said it all
 * already); answers whether any field got one. Fields the form does not have are left to the toast.
 */
export function showServerFieldErrors<T>(form: FormInstance<T>, error: unknown): boolean {
  // The fields the form shows (registered items), whatever their values.
  const fields = new Set(Object.keys((form.getFieldsValue() ?? {}) as object));
  const mine = serverFieldErrors(error).filter((f) => fields.has(String(f.name[0])));
  if (mine.length) form.setFields(mine as Parameters<FormInstance<T>['setFields']>[0]);
  return mine.length > 0;
}
