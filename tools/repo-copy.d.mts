/** A scratch copy of the repository (see repo-copy.mjs); answers its folder. */
export function copyRepository(repo: string, prefix?: string): Promise<string>;
