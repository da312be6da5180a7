/** The wire of sysPos lives in @lintel/contracts (wire/pos.ts), shared with the web app. */
export {
  AddPosBody,
  PosExportBody,
  PosListQuery,
  PosOutput,
  StaffOutput,
  StaffQuery,
  UpdatePosBody,
  type PosExportInput,
  type PosFilter,
  type PosInput,
} from '@lintel/contracts/wire';
