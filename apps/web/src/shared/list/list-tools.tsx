import type { PermissionCode } from '@lintel/contracts';
import type { ReactNode } from 'react';
import { ColumnSettingsButton } from './column-settings';
import { ExportMenu } from './export-menu';
import { PrintButton } from './print-button';
import type { ColumnSettings } from './use-column-settings';

interface Props<T> {
  /** The list's name as printed (the page title). */
  title: string;
  /** The server's export route and its permission; the file is named `<fileName>-<date>.<format>`. */
  exportPath: string;
  exportPermission: PermissionCode;
  fileName: string;
  /** The filter (and page) the list shows, sent to the export as it is. */
  filter: object;
  /** Matching rows: export and print warn instead of producing an empty file. */
  total: number;
  /** The rows on screen, for print. */
  rows: readonly T[];
  settings: ColumnSettings<T>;
  /** Tools of this list before the common ones (an import button). */
  children?: ReactNode;
}

/**
 * The right-hand tools every management list has (SPEC 2 "List toolbars"): export, print and column
 * settings, all following the user's column layout.
 */
export function ListTools<T>(props: Props<T>) {
  const { title, exportPath, exportPermission, fileName, filter, total, rows, settings, children } = props;
  return (
    <>
      {children}
      <ExportMenu
        path={exportPath}
        permission={exportPermission}
        filter={filter}
        columns={settings.columns}
        total={total}
        fileName={fileName}
      />
      <PrintButton title={title} columns={settings.columns} rows={rows} />
      <ColumnSettingsButton settings={settings} />
    </>
  );
}
