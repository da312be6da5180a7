import { Type, type Static } from 'typebox';
import { Id, StatusValue } from './common.js';
import { PageInputFields, PageOf } from './paging.js';

/**
 * Release notes (sysUpgrade): written by the super admin, read by every account in the upgrade prompt
 * and the dashboard's update log, with read state per account. Status 1 published, 2 draft.
 */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });

const UpgradeFields = {
  version: Type.String({ minLength: 1, maxLength: 32, pattern: '^[0-9A-Za-z.+_-]+$' }),
  title: Type.String({ minLength: 1, maxLength: 128 }),
  content: Type.String({ maxLength: 20_000, description: 'Markdown' }),
  publishTime: Type.Optional(Time),
  status: Type.Optional(StatusValue),
};
export const AddUpgradeBody = Type.Object(UpgradeFields, { additionalProperties: false });
export type UpgradeInput = Static<typeof AddUpgradeBody>;
export const UpdateUpgradeBody = Type.Object({ id: Id, ...UpgradeFields }, { additionalProperties: false });
export type UpgradeUpdate = Static<typeof UpdateUpgradeBody>;

export const PageUpgradeBody = Type.Object(
  {
    ...PageInputFields,
    version: Type.Optional(Type.String({ maxLength: 32 })),
    title: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: false },
);
export type UpgradeFilter = Static<typeof PageUpgradeBody>;

export const UpgradeOutput = Type.Object({
  id: Id,
  version: Type.String(),
  title: Type.String(),
  content: Type.String(),
  publishTime: Time,
  status: Type.Integer(),
  createTime: Time,
  updateTime: Type.Union([Time, Type.Null()]),
});
export type UpgradeRow = Static<typeof UpgradeOutput>;
export const UpgradePage = PageOf(UpgradeOutput);

/** A published note as an account reads it. */
export const UpgradeNoteOutput = Type.Object({
  id: Id,
  version: Type.String(),
  title: Type.String(),
  content: Type.String(),
  publishTime: Time,
  read: Type.Boolean(),
});
export type UpgradeNote = Static<typeof UpgradeNoteOutput>;

export const UpgradeLatestQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 5 })) },
  { additionalProperties: false },
);
export const UpgradeLatestOutput = Type.Object({
  /** The product version the server runs (root package.json). */
  version: Type.String(),
  notes: Type.Array(UpgradeNoteOutput),
});
export type UpgradeLatest = Static<typeof UpgradeLatestOutput>;

export const UpgradeSetReadBody = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);
