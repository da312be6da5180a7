import { Type, type Static } from 'typebox';
import { Id, IdInput, StatusValue } from './common.js';
import { PageInputFields } from './paging.js';

/**
 * Print templates (sysPrint, Admin.NET's controller: page, add, update, delete, print/{name}): the
 * request and row schemas of apps/server modules/sys-print. A template is a layout in millimetres
 * (elements on a sheet); the data comes from the list the user prints from, bound by field name.
 */

/** A length on the sheet in millimetres. */
const Mm = (minimum: number, maximum: number) => Type.Number({ minimum, maximum });

/** `name` or `order.customer.name`: a field of the record (or of a table row), at most 5 levels. */
export const PrintFieldPath = Type.String({
  pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}(\\.[A-Za-z_][A-Za-z0-9_]{0,63}){0,4}$',
  maxLength: 160,
  description: 'Field name of the data, dotted for nested fields',
});

/** How a bound value is written: as it is, as a day (YYYY-MM-DD) or as a number with `digits` decimals. */
export const PrintFormatValue = Type.Union([
  Type.Literal('text'),
  Type.Literal('date'),
  Type.Literal('number'),
]);
export type PrintFormat = Static<typeof PrintFormatValue>;

/** Position and size of an element, from the top-left corner inside the margins. */
const Box = {
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
  x: Mm(0, 2000),
  y: Mm(0, 3000),
  w: Mm(1, 2000),
  h: Mm(1, 3000),
};

/** Text style; the border is drawn around the element's box, in CSS pixels (0: none). */
const Style = {
  fontSize: Type.Optional(Type.Number({ minimum: 4, maximum: 96, description: 'Points' })),
  bold: Type.Optional(Type.Boolean()),
  align: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')])),
  border: Type.Optional(Type.Integer({ minimum: 0, maximum: 8 })),
};

const element = <K extends string, P extends Parameters<typeof Type.Object>[0]>(kind: K, fields: P) =>
  Type.Object({ kind: Type.Literal(kind), ...Box, ...Style, ...fields }, { additionalProperties: false });

const Digits = Type.Optional(Type.Integer({ minimum: 0, maximum: 6 }));

/** Fixed text; `{field}` inside it is replaced by the record's value. */
export const PrintTextElement = element('text', { text: Type.String({ maxLength: 2000 }) });
/** One value of the record, with an optional label before it. */
export const PrintFieldElement = element('field', {
  field: PrintFieldPath,
  format: PrintFormatValue,
  digits: Digits,
  label: Type.Optional(Type.String({ maxLength: 200 })),
});
export const PrintColumn = Type.Object(
  {
    title: Type.String({ maxLength: 64 }),
    field: PrintFieldPath,
    width: Mm(1, 1000),
    format: Type.Optional(PrintFormatValue),
    digits: Digits,
  },
  { additionalProperties: false },
);
export type PrintColumnDef = Static<typeof PrintColumn>;
/** The rows of an array field of the record, one line each. */
export const PrintTableElement = element('table', {
  field: PrintFieldPath,
  columns: Type.Array(PrintColumn, { minItems: 1, maxItems: 20 }),
});
/** A CODE128 barcode of a field's value (or of fixed text). */
export const PrintBarcodeElement = element('barcode', {
  field: Type.Optional(PrintFieldPath),
  value: Type.Optional(Type.String({ maxLength: 80 })),
  showText: Type.Optional(Type.Boolean()),
});
/** A QR code of a field's value (or of fixed text). */
export const PrintQrElement = element('qrcode', {
  field: Type.Optional(PrintFieldPath),
  value: Type.Optional(Type.String({ maxLength: 500 })),
});
/** A picture: an upload of the file centre (a path of this site) or an http(s) address. */
export const PrintImageElement = element('image', {
  src: Type.String({ maxLength: 1024, pattern: '^(/(?!/)|https?://)[^\\s"\'<>]*$' }),
});
/** A line along the longer side of its box. */
export const PrintLineElement = element('line', {});
/** A frame (its border). */
export const PrintRectElement = element('rect', {});

/**
 * The element kinds, each with exactly its own fields. The server checks every element against the
 * one of its kind (sys-print's template rules): a request schema holds no union of objects, since
 * ajv would drop fields while it tries each branch (test/wire-fidelity.test.ts).
 */
export const PrintElementKinds = {
  text: PrintTextElement,
  field: PrintFieldElement,
  table: PrintTableElement,
  barcode: PrintBarcodeElement,
  qrcode: PrintQrElement,
  image: PrintImageElement,
  line: PrintLineElement,
  rect: PrintRectElement,
};
export type PrintElement =
  | Static<typeof PrintTextElement>
  | Static<typeof PrintFieldElement>
  | Static<typeof PrintTableElement>
  | Static<typeof PrintBarcodeElement>
  | Static<typeof PrintQrElement>
  | Static<typeof PrintImageElement>
  | Static<typeof PrintLineElement>
  | Static<typeof PrintRectElement>;
export type PrintElementKind = PrintElement['kind'];

/** One element on the wire: the fields of every kind, each optional but `kind` and the box. */
export const PrintElementInput = Type.Object(
  {
    kind: Type.Union([
      Type.Literal('text'),
      Type.Literal('field'),
      Type.Literal('table'),
      Type.Literal('barcode'),
      Type.Literal('qrcode'),
      Type.Literal('image'),
      Type.Literal('line'),
      Type.Literal('rect'),
    ]),
    ...Box,
    ...Style,
    text: Type.Optional(Type.String({ maxLength: 2000 })),
    field: Type.Optional(PrintFieldPath),
    format: Type.Optional(PrintFormatValue),
    digits: Digits,
    label: Type.Optional(Type.String({ maxLength: 200 })),
    columns: Type.Optional(Type.Array(PrintColumn, { minItems: 1, maxItems: 20 })),
    value: Type.Optional(Type.String({ maxLength: 500 })),
    showText: Type.Optional(Type.Boolean()),
    src: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: false },
);

/** The layout a template holds (its `template` field). */
export const PrintTemplateSchema = Type.Object(
  { elements: Type.Array(PrintElementInput, { maxItems: 300 }) },
  { additionalProperties: false },
);
export interface PrintTemplateDoc {
  elements: PrintElement[];
}

/** A4 210×297, A5 148×210, an 80 mm receipt roll (height chosen), or any size. */
export const PrintPaperValue = Type.Union([
  Type.Literal('A4'),
  Type.Literal('A5'),
  Type.Literal('receipt80'),
  Type.Literal('custom'),
]);
export type PrintPaper = Static<typeof PrintPaperValue>;
export const PrintOrientationValue = Type.Union([Type.Literal('portrait'), Type.Literal('landscape')]);
export type PrintOrientation = Static<typeof PrintOrientationValue>;

/** The list (page) a template is for: its controller, `sysUser`, so a list offers only its own. */
const BizType = Type.String({
  pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$',
  description: 'List the template prints',
});
const Margin = Type.Integer({ minimum: 0, maximum: 100, description: 'mm' });

const PrintFields = {
  name: Type.String({ minLength: 1, maxLength: 64, description: 'Template name, unique in the tenant' }),
  bizType: BizType,
  template: PrintTemplateSchema,
  paper: PrintPaperValue,
  /** Portrait width and height in mm (A4 and A5 are fixed; the receipt is 80 mm wide). */
  width: Type.Integer({ minimum: 20, maximum: 1200 }),
  height: Type.Integer({ minimum: 20, maximum: 3000 }),
  orientation: PrintOrientationValue,
  marginTop: Margin,
  marginRight: Margin,
  marginBottom: Margin,
  marginLeft: Margin,
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  status: Type.Optional(StatusValue),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
};

export const AddPrintBody = Type.Object(PrintFields, { additionalProperties: false });
export const UpdatePrintBody = Type.Object({ id: Id, ...PrintFields }, { additionalProperties: false });
/** As the request schema lets it through (the server narrows each element by its kind). */
export type PrintRequest = Static<typeof AddPrintBody>;
/** As the designer sends it: the layout typed by kind (the server checks each kind's fields). */
export type PrintInput = Omit<Static<typeof AddPrintBody>, 'template'> & { template: PrintTemplateDoc };
export type PrintUpdate = PrintInput & { id: string };

export const PagePrintBody = Type.Object(
  {
    ...PageInputFields,
    name: Type.Optional(Type.String({ maxLength: 64 })),
    bizType: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type PrintFilter = Static<typeof PagePrintBody>;

export const PrintIdBody = IdInput;
export const PrintNameParams = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export const PrintListQuery = Type.Object({ bizType: BizType }, { additionalProperties: false });

/** A template in full: what the designer edits and what a list prints with. */
export const PrintOutput = Type.Object({
  id: Id,
  name: Type.String(),
  bizType: Type.String(),
  template: PrintTemplateSchema,
  paper: PrintPaperValue,
  width: Type.Integer(),
  height: Type.Integer(),
  orientation: PrintOrientationValue,
  marginTop: Type.Integer(),
  marginRight: Type.Integer(),
  marginBottom: Type.Integer(),
  marginLeft: Type.Integer(),
  orderNo: Type.Integer(),
  status: Type.Integer(),
  remark: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.String(),
  updateTime: Type.Union([Type.String(), Type.Null()]),
});
export type PrintRow = Omit<Static<typeof PrintOutput>, 'template'> & { template: PrintTemplateDoc };

/** The chooser of a list: the enabled templates of its bizType, without their layouts. */
export const PrintSummaryOutput = Type.Object({
  id: Id,
  name: Type.String(),
  bizType: Type.String(),
  paper: PrintPaperValue,
  remark: Type.Union([Type.String(), Type.Null()]),
});
export type PrintSummary = Static<typeof PrintSummaryOutput>;
