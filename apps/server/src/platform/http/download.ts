/** Headers of a file download named `file`, with the UTF-8 form for non-ASCII names (RFC 6266). */
export function attachmentHeaders(file: string, contentType: string): Record<string, string> {
  const ascii = file.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return {
    'content-type': contentType,
    'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file)}`,
    'cache-control': 'no-store',
  };
}
