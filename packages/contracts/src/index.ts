export * from './api.js';
export * from './enums.js';
export * from './field-catalog.js';
export * from './link-address.js';
export * from './menus.js';
export * from './menu-types.js';
export * from './oauth.js';
export * from './password-change.js';
export * from './permissions.js';
export * from './personal.js';
export * from './sign-in.js';
export * from './account-policy.js';
export * from './account-rules.js';
export * from './list-export.js';
export * from './modules/index.js';
// The API's request and row schemas, as types: their TypeBox values come from '@lintel/contracts/wire'.
export type * from './wire/index.js';
