/** A number option of a bench script: `--name N` or `--name=N`. */
export interface NumberOption {
  fallback: number;
  min: number;
  max: number;
}

/** The parsed command line: each number option, and `json` (print one JSON object as the last line). */
export type BenchArgs<K extends string> = Record<K, number> & { json: boolean };

/**
 * Every bench script's arguments, one way: `--json` and the script's number options (`usage` names
 * them for `--help` and errors). Throws on anything else.
 */
export function parseArgs<K extends string>(
  argv: readonly string[],
  usage: string,
  options: Record<K, NumberOption>,
): BenchArgs<K> {
  const values = Object.fromEntries(Object.entries<NumberOption>(options).map(([k, o]) => [k, o.fallback]));
  const args = { ...values, json: false } as BenchArgs<K>;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const name = arg.replace(/^--/, '').split('=')[0]!;
    if (arg === '--json') args.json = true;
    else if (arg === '--help' || arg === '-h') {
      console.log(`usage: ${usage}`);
      process.exit(0);
    } else if (arg.startsWith('--') && Object.hasOwn(options, name)) {
      const option = options[name as K];
      const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      const value = Number(raw);
      if (!Number.isFinite(value) || value < option.min || value > option.max) {
        throw new Error(
          `--${name} must be a number between ${option.min} and ${option.max}, got "${raw ?? ''}"\nusage: ${usage}`,
        );
      }
      (args as Record<string, number>)[name] = value;
    } else throw new Error(`unknown argument "${arg}"\nusage: ${usage}`);
  }
  return args;
}

/** parseArgs on this process's command line; a bad argument ends it with status 2 and the usage. */
export function readArgs<K extends string>(usage: string, options: Record<K, NumberOption>): BenchArgs<K> {
  try {
    return parseArgs(process.argv.slice(2), usage, options);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}
