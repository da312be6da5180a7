/** The wire of the operation and difference logs lives in @lintel/contracts (wire/log.ts), shared with the web app. */
export {
  DiffLogExportBody,
  DiffLogOutput,
  LogIdParams,
  OpLogExportBody,
  OpLogOutput,
  PageDiffLogBody,
  PageOpLogBody,
  type DiffLogExportInput,
  type DiffLogFilter,
  type OpLogExportInput,
  type OpLogFilter,
} from '@lintel/contracts/wire';
