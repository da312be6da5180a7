/** A Dockerfile's instructions, stage by stage, as the hadolint-like checks of deploy-files.test.ts read them. */
export interface Instruction {
  keyword: string;
  /** Everything after the keyword, continuation lines joined with a space. */
  args: string;
}

export interface Stage {
  image: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** Splits into stages at each FROM; comment lines and blank lines go, `\` continuations are joined. */
export function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (!line && !pending)) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    logical.push(pending + line);
    pending = '';
  }
  if (pending) logical.push(pending.trim());

  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args };
    if (instruction.keyword === 'FROM') {
      const words = args.split(/\s+/).filter((w) => !w.startsWith('--'));
      stages.push({
        image: words[0] ?? '',
        name: words[1]?.toUpperCase() === 'AS' ? words[2] : undefined,
        instructions: [],
      });
    } else {
      if (!stages.length) throw new Error(`${instruction.keyword} before the first FROM`);
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

/** The arguments of an exec-form (JSON array) instruction; undefined for the shell form. */
export function execForm(args: string): string[] | undefined {
  if (!args.startsWith('[')) return undefined;
  const parsed: unknown = JSON.parse(args);
  return Array.isArray(parsed) && parsed.every((a) => typeof a === 'string') ? parsed : undefined;
}

/** `KEY=value` pairs of ENV instructions (the legacy `ENV KEY value` form too). */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of stage.instructions) {
    if (keyword !== 'ENV') continue;
    if (!args.includes('=')) {
      const [key = '', ...value] = args.split(/\s+/);
      env[key] = value.join(' ');
      continue;
    }
    for (const [, key = '', value = ''] of args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
      env[key] = value.startsWith('"') ? (JSON.parse(value) as string) : value;
    }
  }
  return env;
}
