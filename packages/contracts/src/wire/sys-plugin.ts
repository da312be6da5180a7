import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';
import { PageInputFields, PageOf } from './paging.js';

/** Dynamic plugins (sysPlugin): the request and row schemas of apps/server modules/sys-plugin. */

export const PluginPageBody = Type.Object(
  {
    ...PageInputFields,
    /** Part of the plugin's name. */
    name: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type PluginPageInput = Static<typeof PluginPageBody>;

export const PluginRouteOutput = Type.Object({
  method: Type.String(),
  url: Type.String({ description: 'Full address, /api/plugin/<name>/...' }),
  permission: Type.String(),
});

export const PluginOutput = Type.Object({
  id: Id,
  name: Type.String(),
  version: Type.String(),
  description: Nullable(Type.String()),
  source: Type.Union([Type.Literal('folder'), Type.Literal('upload')]),
  /** 1 enabled, 2 disabled (the switch; a refused or not yet loaded plugin serves nothing either way). */
  status: Type.Integer(),
  /** Why the last start refused it; null when it loaded. */
  error: Nullable(Type.String()),
  /** When this server process loaded it; null when it is not loaded (refused, or uploaded since the start). */
  loadedTime: Nullable(Type.String()),
  /** Uploaded since the start: it loads at the next start of the server. */
  pendingRestart: Type.Boolean(),
  routes: Type.Array(PluginRouteOutput),
  permissions: Type.Array(Type.String()),
  createTime: Type.String(),
});
export type PluginRow = Static<typeof PluginOutput>;
export const PluginPage = PageOf(PluginOutput);

export const PluginStatusBody = Type.Object(
  { id: Id, status: Type.Integer({ minimum: 1, maximum: 2, description: '1 enabled, 2 disabled' }) },
  { additionalProperties: false },
);
export type PluginStatusInput = Static<typeof PluginStatusBody>;

export const PluginAddOutput = Type.Object({
  id: Id,
  name: Type.String(),
  /** Always true: an uploaded plugin is loaded at the next start of the server. */
  pendingRestart: Type.Boolean(),
});
export type PluginAddResult = Static<typeof PluginAddOutput>;
