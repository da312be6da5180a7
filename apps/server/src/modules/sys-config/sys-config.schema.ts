/** The wire of sysConfig lives in @lintel/contracts (wire/config.ts), shared with the web app. */
export {
  AddConfigBody,
  BatchUpdateConfigBody,
  ConfigDetailQuery,
  ConfigListBody,
  ConfigOutput,
  ConfigPage,
  ConfigPageBody,
  ConfigSysInfoResult,
  UpdateConfigBody,
  type BatchConfigValues,
  type ConfigFilter,
  type ConfigInput,
  type ConfigPageInput,
  type ConfigUpdate,
} from '@lintel/contracts/wire';
