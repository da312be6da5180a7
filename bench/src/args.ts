/** Command-line options of `npm run bench -- [--duration N] [--json]`. */
export interface BenchArgs {
  /** Seconds each scenario is measured (after its warm-up). */
  durationSeconds: number;
  /** Print one JSON object as the last line of output. */
  json: boolean;
}

const USAGE = 'usage: npm run bench -- [--duration SECONDS] [--json]';

export function parseArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { durationSeconds: 5, json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') args.json = true;
    else if (arg === '--duration' || arg.startsWith('--duration=')) {
      const raw = arg.includes('=') ? arg.slice('--duration='.length) : argv[++i];
      const seconds = Number(raw);
      if (!Number.isFinite(seconds) || seconds < 1 || seconds > 600) {
        throw new Error(
          `--duration must be a number of seconds between 1 and 600, got "${raw ?? ''}"\n${USAGE}`,
        );
      }
      args.durationSeconds = seconds;
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown argument "${arg}"\n${USAGE}`);
  }
  return args;
}
