import type {
  AiConnectionInput,
  AiConnectionOutcome,
  AiLimitsValue,
  AiProviderDetail,
  AiProviderFilter,
  AiProviderInput,
  AiProviderRow,
  AiProviderUpdate,
  AiUsageFilter,
  AiUsagePageResult,
  PageResult,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const providerKeys = {
  all: ['aiProvider'] as const,
  detail: (id: string) => ['aiProvider', 'detail', id] as const,
  limits: ['aiProvider', 'limits'] as const,
  usage: ['aiProvider', 'usage'] as const,
};

const post = <T>(url: string, body: unknown) => request<T>(url, { method: 'POST', body });

export const pageProviders = (body: AiProviderFilter) =>
  post<PageResult<AiProviderRow>>('/api/aiProvider/page', body);
export const providerDetail = (id: string) =>
  request<AiProviderDetail>(`/api/aiProvider/detail?id=${encodeURIComponent(id)}`);
export const addProvider = (body: AiProviderInput) => post<string>('/api/aiProvider/add', body);
export const updateProvider = (body: AiProviderUpdate) => post<null>('/api/aiProvider/update', body);
export const deleteProvider = (id: string) => post<null>('/api/aiProvider/delete', { id });
export const testConnection = (body: AiConnectionInput) =>
  post<AiConnectionOutcome>('/api/aiProvider/testConnection', body);
export const fetchModels = (body: AiConnectionInput) => post<string[]>('/api/aiProvider/fetchModels', body);
export const getLimits = () => request<AiLimitsValue>('/api/aiProvider/limits');
export const setLimits = (body: AiLimitsValue) => post<null>('/api/aiProvider/setLimits', body);
export const pageUsage = (body: AiUsageFilter) => post<AiUsagePageResult>('/api/aiProvider/usage', body);
