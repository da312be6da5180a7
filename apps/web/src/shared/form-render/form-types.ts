import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/** The JSON Schema (draft 7) and rjsf uiSchema the form designer writes and the renderer reads. */
export type FormJsonSchema = RJSFSchema;
export type FormUiSchema = UiSchema;
export type FormValues = Record<string, unknown>;

/** The options of a field's uiSchema the product adds to rjsf's (`ui:options`). */
export interface FieldUiOptions {
  /** Grid width in 24 columns (antd Col span); 24 when absent. */
  span?: number;
  /** The options come from this dictionary type (its enabled items), not from the schema's enum. */
  dictCode?: string;
  /** What the designer placed (input, select, …), to open it again as it was designed. */
  kind?: string;
}

export interface SchemaFormProps {
  schema: FormJsonSchema;
  uiSchema?: FormUiSchema;
  formData?: FormValues;
  /** Called with the valid answers when the user submits; a rejected promise keeps the form as it is. */
  onSubmit?(values: FormValues): void | Promise<void>;
  onChange?(values: FormValues): void;
  /** Shows the answers without inputs to change them, and no submit button. */
  readOnly?: boolean;
  /** The submit button's text (default: "Submit"). */
  submitText?: string;
  /** An accessible name for the form element. */
  ariaLabel?: string;
}
