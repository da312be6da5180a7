export * from './api.js';
export * from './enums.js';
export * from './menus.js';
