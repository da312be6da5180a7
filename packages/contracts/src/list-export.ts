/** The list exports of SPEC 2 "List toolbars" and SPEC 9: formats and ranges, as both sides name them. */

/** The five export formats. */
export const EXPORT_FORMATS = ['xlsx', 'csv', 'html', 'xml', 'txt'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `page`: the page the user sees (page / pageSize of the filter); `all`: every matching row. */
export const EXPORT_RANGES = ['page', 'all'] as const;
export type ExportRange = (typeof EXPORT_RANGES)[number];
