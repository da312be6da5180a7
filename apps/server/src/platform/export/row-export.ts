import type { Locale } from '@lintel/contracts';
import { AppError, badRequest } from '../http/errors.js';
import { cellFormatter, type ColumnFormats } from './cell-formats.js';
import {
  exportColumns,
  exportHeaders,
  streamExport,
  TableWriter,
  type Cell,
  type ExportColumn,
  type ExportFormat,
} from './table-export.js';

/** Rows read per short transaction when a whole list is exported. */
export const EXPORT_BATCH = 1000;

export interface RowExport<R> {
  format: ExportFormat;
  /** The fields the list's rows have (what a file may hold). */
  allowed: readonly string[];
  /** The caller's field blacklist of the list's table, if it has one. */
  hidden?: readonly string[];
  /** The columns the user shows, in order; absent: every allowed one. */
  asked?: ExportColumn[];
  /** Sheet name, and the file's name before the date. */
  name: string;
  /** The rows in order, batch by batch (each batch read in its own transaction). */
  rows(): AsyncIterable<readonly R[]>;
  /** One row's cells by field name. */
  cells(row: R): Record<string, Cell>;
  /** The request's language: coded values are written as their labels in it. */
  locale: Locale;
  /** The kind of each coded column (enum, label, date-time); flags and Dates need none. */
  formats?: ColumnFormats;
}

/**
 * A list's rows as a file in one of the five formats, streamed (SPEC 2 "List toolbars"): the columns
 * asked for that the list has and the caller may see (none of them is a localized 400 up front),
 * each value as a person reads it (cell-formats.ts), not as the API codes it.
 */
export function exportRows<R>(spec: RowExport<R>, onError: (error: unknown) => void) {
  const columns = exportColumns(spec.allowed, spec.hidden, spec.asked);
  if (columns.length === 0) throw badRequest('export.noColumns');
  const readable = cellFormatter(
    spec.formats ?? {},
    spec.locale,
    columns.map((c) => c.key),
  );
  const stream = streamExport(
    async (out) => {
      // The first batch before the first byte: until then a refusal (a sort field the list does
      // not have, say) still answers its 4xx with the wrapper instead of cutting the download off.
      const batches = spec.rows()[Symbol.asyncIterator]();
      let batch = await batches.next();
      const writer = new TableWriter(spec.format, columns, out, spec.name);
      await writer.start();
      for (; !batch.done; batch = await batches.next()) {
        for (const row of batch.value) await writer.row(readable(spec.cells(row)));
      }
      await writer.end();
    },
    // A refusal is the client's doing, answered and not worth an error in the log.
    (error) => (error instanceof AppError && error.statusCode < 500 ? undefined : onError(error)),
  );
  const day = new Date().toISOString().slice(0, 10);
  return { stream, headers: exportHeaders(spec.format, `${spec.name}-${day}`) };
}

/**
 * Reads a list in batches by key: `next` gets the last row of the previous batch (nothing at first)
 * and answers the following at most `size` rows; a shorter batch is the last.
 */
export async function* keysetBatches<R>(
  next: (last: R | undefined) => Promise<readonly R[]>,
  size = EXPORT_BATCH,
): AsyncGenerator<readonly R[]> {
  let last: R | undefined;
  for (;;) {
    const batch = await next(last);
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
    last = batch[batch.length - 1];
  }
}

/** One batch holding the given rows (the page the user sees, or a list read at once). */
export async function* oneBatch<R>(rows: Promise<readonly R[]>): AsyncGenerator<readonly R[]> {
  yield await rows;
}
