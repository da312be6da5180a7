/**
 * Reusable request pieces (ids, days, status, trees): they are part of the wire, so they live in
 * @lintel/contracts (wire/common.ts), shared with the web app.
 */
export {
  Day,
  Id,
  IdInput,
  NoQuery,
  Nothing,
  Nullable,
  StatusInput,
  StatusValue,
  treeOf,
} from '@lintel/contracts/wire';
