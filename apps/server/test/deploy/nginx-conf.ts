/**
 * Just enough of nginx's configuration language to check deploy/nginx.conf: directives and blocks,
 * the location a URI lands in, and the value a directive takes there (nginx's own inheritance: a
 * level that sets a directive replaces, not extends, what the outer levels set).
 */
export interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

/** Words (quoted ones unquoted) and the punctuation `{`, `}`, `;`; comments dropped. */
function tokens(text: string): { word?: string; mark?: string }[] {
  const out: { word?: string; mark?: string }[] = [];
  const pattern = /\s+|#[^\n]*|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([{};])|([^\s{};'"#]+)/y;
  while (pattern.lastIndex < text.length) {
    const at = pattern.lastIndex;
    const m = pattern.exec(text);
    if (!m) throw new Error(`cannot read the configuration at offset ${at}`);
    if (m[3]) out.push({ mark: m[3] });
    else if ((m[1] ?? m[2] ?? m[4]) !== undefined) out.push({ word: m[1] ?? m[2] ?? m[4] });
  }
  return out;
}

/** Parses a whole file; throws on unbalanced braces or a directive without its `;`. */
export function parseNginx(text: string): Directive[] {
  const list = tokens(text);
  let at = 0;
  function block(nested: boolean): Directive[] {
    const directives: Directive[] = [];
    for (let next = list[at]; next; next = list[at]) {
      if (next.mark === '}') {
        if (!nested) throw new Error('unexpected }');
        at++;
        return directives;
      }
      const words: string[] = [];
      for (let word = list[at]?.word; word !== undefined; word = list[++at]?.word) words.push(word);
      const end = list[at++]?.mark;
      if (!words.length || (end !== ';' && end !== '{'))
        throw new Error(`bad directive near ${words.join(' ')}`);
      const [name = '', ...args] = words;
      directives.push(end === '{' ? { name, args, block: block(true) } : { name, args });
    }
    if (nested) throw new Error('missing }');
    return directives;
  }
  return block(false);
}

export const children = (parent: Directive[] | undefined, name: string) =>
  (parent ?? []).filter((d) => d.name === name);

/** The location block nginx picks for a URI: exact, then `^~` prefix, then regexes in order, then the longest prefix. */
export function locationFor(server: Directive, uri: string): Directive | undefined {
  const locations = children(server.block, 'location');
  const exact = locations.find((l) => l.args[0] === '=' && l.args[1] === uri);
  if (exact) return exact;
  const prefixes = locations
    .filter((l) => (l.args.length === 1 || l.args[0] === '^~') && uri.startsWith(l.args.at(-1)!))
    .sort((a, b) => b.args.at(-1)!.length - a.args.at(-1)!.length);
  if (prefixes[0]?.args[0] === '^~') return prefixes[0];
  const regex = locations.find(
    (l) =>
      (l.args[0] === '~' || l.args[0] === '~*') &&
      new RegExp(l.args[1] ?? '', l.args[0] === '~*' ? 'i' : '').test(uri),
  );
  return regex ?? prefixes[0];
}

/**
 * The argument lists of `name` in force for a URI: the location's own, else the server's, else the
 * http block's (one list per occurrence: proxy_set_header occurs once per header).
 */
export function effective(http: Directive, server: Directive, uri: string, name: string): string[][] {
  for (const level of [locationFor(server, uri), server, http]) {
    const found = children(level?.block, name);
    if (found.length) return found.map((d) => d.args);
  }
  return [];
}
