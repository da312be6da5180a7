/** Docker Compose's variables: an env file, and `${...}` interpolation as compose does it. */

/** `KEY=value` lines of an env file (comments and blank lines skipped; values taken as written). */
export function readEnvFile(text: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [, name, value] = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line) ?? [];
    if (name) vars.set(name, (value ?? '').trim());
  }
  return vars;
}

export interface Interpolation {
  /** Every variable named, with or without a default. */
  used: Set<string>;
}

const VARIABLE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Replaces `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`, `${NAME?error}`,
 * `${NAME:+other}` and `$NAME` in every string of a parsed compose file; `$$` is a literal `$`.
 * A required variable that is missing throws its error message, as `docker compose` stops.
 */
export function interpolate<T>(value: T, vars: Map<string, string>, seen: Interpolation): T {
  if (typeof value === 'string') {
    return value.replace(
      VARIABLE,
      (whole, braced?: string, operator?: string, operand = '', bare?: string) => {
        if (whole === '$$') return '$';
        const name = (braced ?? bare)!;
        seen.used.add(name);
        const set = vars.get(name);
        const present = operator?.startsWith(':') ? !!set : set !== undefined;
        switch (operator?.replace(':', '')) {
          case '-':
            return present ? set! : operand;
          case '?':
            if (!present) throw new Error(`${name}: ${operand || 'required'}`);
            return set!;
          case '+':
            return present ? operand : '';
          default:
            return set ?? '';
        }
      },
    ) as T;
  }
  if (Array.isArray(value)) return value.map((v: unknown) => interpolate(v, vars, seen)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, interpolate(v as unknown, vars, seen)]),
    ) as T;
  }
  return value;
}
