import type { ApiResult } from '@lintel/contracts';
import {
  checkAnswer,
  failOnTransport,
  HTTP_TIMEOUT_MS,
  parseBody,
  send,
  type RequestOptions,
  type UNREADABLE,
} from './client';

export interface DownloadOptions extends RequestOptions {
  /** The name to save under when the answer names no file. */
  fallbackName: string;
  /** Called as the body arrives: bytes so far, and the announced length when the server sent one. */
  onProgress?(received: number, total: number | null): void;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * The file name of a Content-Disposition header (RFC 6266): the UTF-8 `filename*` form first, then the
 * plain `filename`; path parts are dropped, so a name can never point into a folder.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      name = decodeURIComponent(extended[2]!.trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(disposition);
    if (plain) name = (plain[2] ?? plain[1]!).replace(/\\(.)/g, '$1').trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

/** Reads a body chunk by chunk, reporting progress, into one Blob of the answer's content type. */
async function readBlob(response: Response, onProgress: DownloadOptions['onProgress']): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress?.(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress?.(received, total);
  }
  return new Blob(parts, { type });
}

/**
 * Fetches a file from the API under the same rules as `request` (bearer and refresh headers, rotated
 * tokens, session end on 401, error toasts from the JSON wrapper of a refusal). The time limit covers
 * the whole streamed body, not only its first byte.
 */
export async function download(path: string, options: DownloadOptions): Promise<DownloadedFile> {
  const { customCatch, timeoutMs = HTTP_TIMEOUT_MS, fallbackName, onProgress } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await send(path, options, controller.signal);
    const type = response.headers.get('content-type') ?? '';
    // A refusal (or an error told with status 200) comes as the JSON wrapper, never as the file.
    if (response.status >= 400 || type.includes('application/json')) {
      const text = await response.text();
      const data = parseBody(text) as Partial<ApiResult<unknown>> | null | typeof UNREADABLE;
      checkAnswer(response, data, customCatch);
      // Not a refusal: the file itself is JSON.
      onProgress?.(text.length, text.length);
      return {
        blob: new Blob([text], { type }),
        fileName: fileNameOf(response.headers.get('content-disposition'), fallbackName),
      };
    }
    checkAnswer(response, null, customCatch);
    let blob: Blob;
    try {
      blob = await readBlob(response, onProgress);
    } catch (cause) {
      return failOnTransport(cause, controller.signal, timeoutMs, customCatch);
    }
    return { blob, fileName: fileNameOf(response.headers.get('content-disposition'), fallbackName) };
  } finally {
    clearTimeout(timer);
  }
}

/** How long a saved file's object URL lives: long enough for every browser to start the download. */
const REVOKE_AFTER_MS = 40_000;

/** Hands a Blob to the browser as a download under `fileName`, through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), REVOKE_AFTER_MS);
  }
}

/** Fetches a file and saves it; answers the saved name. */
export async function downloadAndSave(path: string, options: DownloadOptions): Promise<string> {
  const { blob, fileName } = await download(path, options);
  saveBlob(blob, fileName);
  return fileName;
}
