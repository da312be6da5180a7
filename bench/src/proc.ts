import fs from 'node:fs/promises';

/** One process, from /proc/<pid>/stat. */
export interface ProcessInfo {
  pid: number;
  parent: number;
  /** The executable's name (`node`), at most 15 characters. */
  command: string;
  /** User and system time so far. */
  cpuSeconds: number;
}

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS = 100;

async function allProcesses(): Promise<ProcessInfo[]> {
  const out: ProcessInfo[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    // `pid (command) state ppid … utime stime …`: the command may hold spaces and parentheses,
    // the last `)` closes it; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.push({
      pid: Number(entry),
      parent: Number(fields[1]),
      command: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS,
    });
  }
  return out;
}

/** `root` and every live process below it, parents before children. */
export async function processTree(root: number): Promise<ProcessInfo[]> {
  const all = await allProcesses();
  const tree = all.filter((p) => p.pid === root);
  for (let i = 0; i < tree.length; i++) tree.push(...all.filter((p) => p.parent === tree[i]!.pid));
  return tree;
}

/** Resident memory of one process (VmRSS), in MB. */
export async function rssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024);
}
