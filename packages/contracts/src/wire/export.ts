import { Type, type Static, type TObject } from 'typebox';
import { EXPORT_FORMATS } from '../list-export.js';

/** One column of an export: the field and the heading the client shows for it (already localized). */
export const ExportColumn = Type.Object(
  { key: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{0,63}$' }), title: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
);

/** What every export endpoint accepts besides its list filter. */
export const ExportFields = {
  format: Type.Union(EXPORT_FORMATS.map((f) => Type.Literal(f))),
  /** `page`: the page the user sees (page / pageSize of the filter); `all`: every matching row. */
  range: Type.Optional(Type.Union([Type.Literal('page'), Type.Literal('all')])),
  /** The visible columns in the user's order (column settings); absent: every exportable column. */
  columns: Type.Optional(Type.Array(ExportColumn, { minItems: 1, maxItems: 100 })),
};

export type ExportColumn = Static<typeof ExportColumn>;
/** The export fields of a request, beside its list filter. */
export type ExportOptions = Static<TObject<typeof ExportFields>>;
