import type { AssemblyItem, ServerBase, ServerDisk, ServerUsed } from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const serverKeys = {
  base: ['sysServer', 'base'] as const,
  used: ['sysServer', 'used'] as const,
  disk: ['sysServer', 'disk'] as const,
  assemblies: ['sysServer', 'assemblies'] as const,
};

export const readServerBase = () => request<ServerBase>('/api/sysServer/serverBase');
export const readServerUsed = () => request<ServerUsed>('/api/sysServer/serverUsed');
export const readServerDisk = () => request<ServerDisk>('/api/sysServer/serverDisk');
export const readAssemblies = () => request<AssemblyItem[]>('/api/sysServer/assemblyList');
