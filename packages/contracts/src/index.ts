export * from './api.js';
export * from './enums.js';
export * from './menus.js';
export * from './menu-types.js';
export * from './oauth.js';
export * from './personal.js';
export * from './sign-in.js';
export * from './account-policy.js';
