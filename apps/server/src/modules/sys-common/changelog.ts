import type { ChangelogEntry } from '@lintel/contracts';

const HEADING = /^##\s+(\d{4}-\d{2}-\d{2})\s+(.+?)\s*$/;
const ITEM = /^[-*]\s+(.+?)\s*$/;

/**
 * The steps of CHANGELOG.md: each `## YYYY-MM-DD title` heading starts one, each `- ` line below
 * it is one thing it delivered. Other lines (the introduction, blank lines) are ignored.
 */
export function parseChangelog(text: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  for (const line of text.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    if (heading) {
      entries.push({ date: heading[1]!, title: heading[2]!, items: [] });
      continue;
    }
    const item = ITEM.exec(line);
    if (item && entries.length) entries[entries.length - 1]!.items.push(item[1]!);
  }
  return entries;
}
