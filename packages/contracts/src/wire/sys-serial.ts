import { Type, type Static } from 'typebox';
import { Id, Nullable, StatusValue } from './common.js';
import { PageInputFields, PageOf } from './paging.js';

/**
 * Serial numbers (sysSerial): named sequences of a tenant. A number is prefix + date part +
 * the counter padded with zeros (`SO20261125` + `0007`); the counter restarts when the reset rule's
 * period (day, month, year) changes. `next` is gap-free under concurrency.
 */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });

export const SerialDatePartValue = Type.Union(
  [Type.Literal('none'), Type.Literal('yyyy'), Type.Literal('yyyyMM'), Type.Literal('yyyyMMdd')],
  { description: 'The date written after the prefix' },
);
export type SerialDatePart = Static<typeof SerialDatePartValue>;
export const SerialResetValue = Type.Union(
  [Type.Literal('never'), Type.Literal('daily'), Type.Literal('monthly'), Type.Literal('yearly')],
  { description: 'When the counter starts again at 1' },
);
export type SerialReset = Static<typeof SerialResetValue>;

const SerialFields = {
  code: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' }),
  name: Type.String({ minLength: 1, maxLength: 64 }),
  prefix: Type.Optional(Type.String({ maxLength: 32, pattern: '^[^\\s]*$' })),
  datePart: SerialDatePartValue,
  padding: Type.Integer({ minimum: 1, maximum: 12 }),
  resetRule: SerialResetValue,
  status: Type.Optional(StatusValue),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
};

export const AddSerialBody = Type.Object(SerialFields, { additionalProperties: false });
export type SerialInput = Static<typeof AddSerialBody>;
export const UpdateSerialBody = Type.Object({ id: Id, ...SerialFields }, { additionalProperties: false });
export type SerialUpdate = Static<typeof UpdateSerialBody>;

export const PageSerialBody = Type.Object(
  {
    ...PageInputFields,
    code: Type.Optional(Type.String({ maxLength: 64 })),
    name: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type SerialFilter = Static<typeof PageSerialBody>;

export const SerialOutput = Type.Object({
  id: Id,
  code: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  datePart: SerialDatePartValue,
  padding: Type.Integer(),
  resetRule: SerialResetValue,
  currentValue: Type.String({ description: 'The last number handed out (0: none yet)' }),
  period: Type.String({ description: 'The period the counter counts in (empty when it never resets)' }),
  /** What `next` would answer now. */
  preview: Type.String(),
  status: Type.Integer(),
  remark: Nullable(Type.String()),
  createTime: Time,
  updateTime: Nullable(Time),
});
export type SerialRow = Static<typeof SerialOutput>;
export const SerialPage = PageOf(SerialOutput);

export const SerialNextBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export const SerialNextOutput = Type.Object({
  code: Type.String(),
  value: Type.String({ description: 'The counter value handed out' }),
  serial: Type.String({ description: 'The formatted number' }),
});
export type SerialNext = Static<typeof SerialNextOutput>;
