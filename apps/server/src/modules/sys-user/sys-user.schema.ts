/** The wire of the personal centre lives in @lintel/contracts (wire/user-profile.ts), shared with the web app. */
export { BaseInfoBody, BaseInfoResult, ChangePwdBody, LangCodeParams } from '@lintel/contracts/wire';
