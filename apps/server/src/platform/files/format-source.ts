/**
 * Formats written source the way the workspace does (its Prettier settings), so a file the
 * developer tools write passes `npm run lint` as it stands. Prettier is a development dependency:
 * where it is not installed (a production install), the source is returned as written.
 */
export async function formatSource(filePath: string, source: string): Promise<string> {
  const prettier = await import('prettier').catch(() => null);
  if (!prettier) return source;
  const options = (await prettier.resolveConfig(filePath)) ?? {};
  return prettier.format(source, { ...options, filepath: filePath });
}
