import type {
  ApprovalFlowFilter,
  ApprovalFlowInput,
  ApprovalFlowRow,
  ApprovalFlowUpdate,
  ApprovalInstanceDetail,
  ApprovalInstanceFilter,
  ApprovalInstanceRow,
  FormRow,
  OrgNode,
  PageResult,
  RoleRow,
  StartableFlow,
} from '@lintel/contracts';
import { request } from '../../shared/api/client';

export const approvalKeys = {
  flows: ['approvalFlow'] as const,
  instances: ['approvalInstance'] as const,
  startable: ['approvalInstance', 'flows'] as const,
  detail: (id: string) => ['approvalInstance', 'detail', id] as const,
  roles: ['approvalFlow', 'roles'] as const,
  orgs: ['approvalFlow', 'orgs'] as const,
  forms: ['approvalFlow', 'forms'] as const,
};

const post = <T>(url: string, body: unknown) => request<T>(url, { method: 'POST', body });

export const pageFlows = (body: ApprovalFlowFilter) =>
  post<PageResult<ApprovalFlowRow>>('/api/approvalFlow/page', body);
export const addFlow = (body: ApprovalFlowInput) => post<string>('/api/approvalFlow/add', body);
export const updateFlow = (body: ApprovalFlowUpdate) => post<null>('/api/approvalFlow/update', body);
export const deleteFlow = (id: string) => post<null>('/api/approvalFlow/delete', { id });

/** What the designer's pickers offer: roles, organisations and published forms of the tenant. */
export const listRoles = () => request<RoleRow[]>('/api/sysRole/list');
export const listOrgs = () => request<OrgNode[]>('/api/sysOrg/list');
export const publishedForms = async () =>
  (await post<PageResult<FormRow>>('/api/sysForm/page', { page: 1, pageSize: 200 })).items.filter(
    (f) => f.publishedVersion > 0 && f.status === 1,
  );

export const startableFlows = () => request<StartableFlow[]>('/api/approvalInstance/flows');
export const pageMine = (body: ApprovalInstanceFilter) =>
  post<PageResult<ApprovalInstanceRow>>('/api/approvalInstance/mine', body);
export const pageTodo = (body: ApprovalInstanceFilter) =>
  post<PageResult<ApprovalInstanceRow>>('/api/approvalInstance/todo', body);
export const instanceDetail = (id: string) =>
  request<ApprovalInstanceDetail>('/api/approvalInstance/detail', { query: { id } });
export const submitRequest = (flowId: string, data: Record<string, unknown>) =>
  post<string>('/api/approvalInstance/submit', { flowId, data });
export const resubmitRequest = (id: string, data: Record<string, unknown>) =>
  post<null>('/api/approvalInstance/resubmit', { id, data });

export type Decision = 'approve' | 'reject' | 'return' | 'withdraw';
export const decide = (action: Decision, id: string, comment: string) =>
  post<null>(`/api/approvalInstance/${action}`, { id, comment: comment || undefined });
