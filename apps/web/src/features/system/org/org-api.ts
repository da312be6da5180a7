import type { OrgFilter, OrgInput, OrgNode, OrgUpdate } from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const orgKeys = {
  all: ['sysOrg'] as const,
  list: (filter: OrgFilter) => ['sysOrg', 'list', filter] as const,
};

export const listOrgs = (filter: OrgFilter = {}) =>
  request<OrgNode[]>('/api/sysOrg/list', { query: { ...filter } });
export const addOrg = (body: OrgInput) => request<string>('/api/sysOrg/add', { method: 'POST', body });
export const updateOrg = (body: OrgUpdate) => request<null>('/api/sysOrg/update', { method: 'POST', body });
export const deleteOrg = (id: string) =>
  request<null>('/api/sysOrg/delete', { method: 'POST', body: { id } });

/** Every id of a tree, for "expand all". */
export const allIds = (nodes: OrgNode[]): string[] => nodes.flatMap((n) => [n.id, ...allIds(n.children)]);

/** The tree without empty `children` arrays, so that leaves show no expand icon. */
export const trimLeaves = (nodes: OrgNode[]): OrgNode[] =>
  nodes.map((n) => ({ ...n, children: n.children.length ? trimLeaves(n.children) : (undefined as never) }));
