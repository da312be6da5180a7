import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { SchemaFormProps } from './form-types';

export type { FieldUiOptions, FormJsonSchema, FormUiSchema, FormValues, SchemaFormProps } from './form-types';

// rjsf and its antd theme weigh a few hundred kilobytes: loaded with the first form shown, never in the shell.
const Renderer = lazy(() => import('./schema-form-impl'));

/**
 * A form rendered from a JSON Schema and rjsf uiSchema (what the form designer publishes): the grid of
 * `ui:options.span`, options bound to dictionaries loaded from the dictionary API, validation without
 * eval (safe-validator.ts). `<SchemaForm schema uiSchema formData onSubmit readOnly />`.
 */
export function SchemaForm(props: SchemaFormProps) {
  return (
    <Suspense fallback={<Spin />}>
      <Renderer {...props} />
    </Suspense>
  );
}
