import { Type, type Static } from 'typebox';
import { Day } from './common.js';

/**
 * The demo menus' API (/api/demo/*): the back-end permission demo's answer, the figures the chart
 * and data-screen demos draw (counts the product holds about the caller's tenant, nothing made up),
 * and the tenant's switch that shows or hides the demo directory.
 */

/** What the server answers an account holding demo:backEndPage (others get 403). */
export const DemoBackEndResult = Type.Object({
  account: Type.String(),
  /** The caller's roles (codes) in the tenant worked in. */
  roles: Type.Array(Type.String()),
  /** The demo button codes the server finds among the caller's permissions. */
  demoCodes: Type.Array(Type.String()),
  /** When the server checked (ISO 8601). */
  serverTime: Type.String(),
});

export const DemoFiguresQuery = Type.Object(
  { tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone' })) },
  { additionalProperties: false },
);

const NameCount = Type.Object({ name: Type.String(), count: Type.Integer() });

export const DemoFigures = Type.Object({
  totals: Type.Object({
    /** Enabled accounts. */
    accounts: Type.Integer(),
    orgs: Type.Integer(),
    roles: Type.Integer(),
    /** Published notices. */
    notices: Type.Integer(),
    files: Type.Integer(),
    /** Successful sign-ins of the last 30 days. */
    signIns30d: Type.Integer(),
  }),
  /** Successful sign-ins per day of the caller's time zone, the 14 days up to today, oldest first. */
  signInsByDay: Type.Array(Type.Object({ day: Day, count: Type.Integer() })),
  /** Accounts per organisation (the ten largest; accounts without one are not counted). */
  accountsByOrg: Type.Array(NameCount),
  /** Accounts per account type (AccountType values as names: superAdmin, sysAdmin, ...). */
  accountsByType: Type.Array(NameCount),
  /** Visit-log entries of the last 28 days per weekday, Monday (0) to Sunday (6). */
  visitsByWeekday: Type.Array(Type.Integer(), { minItems: 7, maxItems: 7 }),
});

export const DemoMenuSwitch = Type.Object(
  { visible: Type.Boolean({ description: 'Whether the demo directory shows in the menus of the tenant' }) },
  { additionalProperties: false },
);

export type DemoBackEndResult = Static<typeof DemoBackEndResult>;
export type DemoFiguresQuery = Static<typeof DemoFiguresQuery>;
export type DemoFigures = Static<typeof DemoFigures>;
export type DemoMenuSwitch = Static<typeof DemoMenuSwitch>;
