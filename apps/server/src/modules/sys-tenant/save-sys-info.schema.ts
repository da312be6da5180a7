/** The wire of saveSysInfo lives in @lintel/contracts (wire/sys-info.ts), shared with the web app. */
export { SaveSysInfoBody } from '@lintel/contracts/wire';
