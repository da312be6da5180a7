/** Something `npm start` runs that is built from sources (see builds.mjs). */
export interface BuildTarget {
  name: string;
  /** The output folder, relative to the repository root. */
  output: string;
  /** A file of the output that exists only once a build completed. */
  marker: string;
  /** Files and folders (relative to the root) the output is built from. */
  inputs: string[];
  build(): void | Promise<void>;
}
export const WEB_APP: BuildTarget;
export const SERVER: BuildTarget;
/** Names, sizes and modification times of every input (tests left out), hashed. */
export function fingerprint(inputs: string[]): string;
/** Builds `target` and stamps its output with its inputs' fingerprint. */
export function build(target: BuildTarget, wanted?: string): Promise<void>;
/** Builds `target` unless its output is stamped with its inputs' current fingerprint. */
export function buildIfChanged(target: BuildTarget): Promise<void>;
