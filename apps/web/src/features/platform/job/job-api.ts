import type {
  JobClusterRow,
  JobDetailInput,
  JobDetailPageInput,
  JobDetailRow,
  JobRecordPageInput,
  JobRecordRow,
  JobTriggerInput,
  PageResult,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';

export const jobKeys = {
  all: ['sysJob'] as const,
  types: ['sysJob', 'types'] as const,
  records: ['sysJob', 'records'] as const,
  preview: (expression: string) => ['sysJob', 'cronPreview', expression] as const,
  clusters: ['sysJob', 'clusters'] as const,
};

const post = <T>(action: string, body: unknown) =>
  request<T>(`/api/sysJob/${action}`, { method: 'POST', body });

export const pageJobs = (query: JobDetailPageInput) => post<PageResult<JobDetailRow>>('pageJobDetail', query);
export const jobTypes = () => request<{ name: string; builtIn: boolean }[]>('/api/sysJob/jobTypeList');
export const addJob = (body: JobDetailInput) => post<null>('addJobDetail', body);
export const updateJob = (body: JobDetailInput) => post<null>('updateJobDetail', body);
export const deleteJob = (jobId: string) => post<null>('deleteJobDetail', { jobId });
export const addTrigger = (body: JobTriggerInput) => post<null>('addJobTrigger', body);
export const updateTrigger = (body: JobTriggerInput) => post<null>('updateJobTrigger', body);
export const deleteTrigger = (jobId: string, triggerId: string) =>
  post<null>('deleteJobTrigger', { jobId, triggerId });
export const runJob = (jobId: string) => post<null>('runJob', { jobId });
export const pauseJob = (jobId: string) => post<null>('pauseJob', { jobId });
export const startJob = (jobId: string) => post<null>('startJob', { jobId });
export const pauseTrigger = (jobId: string, triggerId: string) =>
  post<null>('pauseTrigger', { jobId, triggerId });
export const startTrigger = (jobId: string, triggerId: string) =>
  post<null>('startTrigger', { jobId, triggerId });
export const pauseAll = () => post<null>('pauseAllJob', {});
export const startAll = () => post<null>('startAllJob', {});
export const pageRecords = (query: JobRecordPageInput) =>
  post<PageResult<JobRecordRow>>('pageJobTriggerRecord', query);
export const clearRecords = (jobId?: string) => post<null>('clearJobTriggerRecord', jobId ? { jobId } : {});
export const clusters = () => request<JobClusterRow[]>('/api/sysJob/jobClusterList');
/** The next five fires of a cron expression (the server refuses one that is not valid). */
export const cronPreview = (expression: string) =>
  request<string[]>('/api/sysJob/cronPreview', { query: { expression }, customCatch: true });
