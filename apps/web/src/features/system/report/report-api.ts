import type {
  ExportFormat,
  PageResult,
  ReportCatalogValue,
  ReportConfigDetailRow,
  ReportConfigFilter,
  ReportConfigInput,
  ReportConfigRow,
  ReportConfigUpdate,
  ReportParamValueType,
  ReportPreviewInput,
  ReportResultValue,
  ReportSourceFilter,
  ReportSourceInput,
  ReportSourceOptionRow,
  ReportSourceRow,
  ReportSourceTestInput,
  ReportSourceTestOutcome,
  ReportSourceUpdate,
  ReportViewRow,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';
import { download, saveBlob } from '../../../shared/api/download';

export type ParamValues = Record<string, ReportParamValueType>;

export const reportKeys = {
  sources: ['sysReportDataSource'] as const,
  sourcePage: (filter: ReportSourceFilter) => ['sysReportDataSource', 'page', filter] as const,
  sourceList: ['sysReportDataSource', 'list'] as const,
  configs: ['sysReportConfig'] as const,
  configPage: (filter: ReportConfigFilter) => ['sysReportConfig', 'page', filter] as const,
  catalog: ['sysReportConfig', 'catalog'] as const,
  view: (id: string) => ['sysReportConfig', 'view', id] as const,
};

export const pageSources = (body: ReportSourceFilter) =>
  request<PageResult<ReportSourceRow>>('/api/sysReportDataSource/page', { method: 'POST', body });
export const listSources = () => request<ReportSourceOptionRow[]>('/api/sysReportDataSource/list');
export const addSource = (body: ReportSourceInput) =>
  request<string>('/api/sysReportDataSource/add', { method: 'POST', body });
export const updateSource = (body: ReportSourceUpdate) =>
  request<null>('/api/sysReportDataSource/update', { method: 'POST', body });
export const deleteSource = (id: string) =>
  request<null>('/api/sysReportDataSource/delete', { method: 'POST', body: { id } });
export const testSource = (body: ReportSourceTestInput) =>
  request<ReportSourceTestOutcome>('/api/sysReportDataSource/testConnection', { method: 'POST', body });

export const pageReports = (body: ReportConfigFilter) =>
  request<PageResult<ReportConfigRow>>('/api/sysReportConfig/page', { method: 'POST', body });
export const reportDetail = (id: string) =>
  request<ReportConfigDetailRow>('/api/sysReportConfig/detail', { query: { id } });
export const addReport = (body: ReportConfigInput) =>
  request<string>('/api/sysReportConfig/add', { method: 'POST', body });
export const updateReport = (body: ReportConfigUpdate) =>
  request<null>('/api/sysReportConfig/update', { method: 'POST', body });
export const deleteReport = (id: string) =>
  request<null>('/api/sysReportConfig/delete', { method: 'POST', body: { id } });
export const reportCatalog = () => request<ReportCatalogValue>('/api/sysReportConfig/catalog');
export const previewReport = (body: ReportPreviewInput) =>
  request<ReportResultValue>('/api/sysReportConfig/preview', { method: 'POST', body });
export const reportView = (id: string) =>
  request<ReportViewRow>('/api/sysReportConfig/view', { query: { id } });
export const runReport = (id: string, params: ParamValues) =>
  request<ReportResultValue>('/api/sysReportConfig/run', { method: 'POST', body: { id, params } });

/** Runs the report on the server and saves its rows as a file (platform/export). */
export async function exportReport(id: string, params: ParamValues, format: ExportFormat = 'xlsx') {
  const file = await download('/api/sysReportConfig/export', {
    method: 'POST',
    body: { id, params, format },
    fallbackName: `report.${format}`,
  });
  saveBlob(file.blob, file.fileName);
}
