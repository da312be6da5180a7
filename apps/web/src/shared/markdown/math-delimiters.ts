/**
 * Models write LaTeX as `\( … \)` and `\[ … \]`, but Markdown reads `\(` as an escaped parenthesis
 * and KaTeX never sees the formula. Before parsing, these become remark-math's `$ … $` and
 * `$$ … $$`, leaving code spans and fenced code alone. A delimiter still waiting for its closing
 * half (a streaming answer) stays visible as text instead of swallowing the rest of the answer.
 */

const FENCE = /^( {0,3})(`{3,}|~{3,})/;

/** The text split into code (kept as is) and prose (rewritten). */
function segments(text: string): { code: boolean; text: string }[] {
  const out: { code: boolean; text: string }[] = [];
  const push = (code: boolean, part: string) => {
    if (!part) return;
    const last = out[out.length - 1];
    if (last && last.code === code) last.text += part;
    else out.push({ code, text: part });
  };
  const lines = text.split(/(?<=\n)/);
  let fence: string | null = null;
  let prose = '';
  for (const line of lines) {
    const open = FENCE.exec(line);
    if (fence === null && open) {
      push(false, codeSpans(prose));
      prose = '';
      fence = open[2]!;
      push(true, line);
    } else if (fence !== null) {
      push(true, line);
      const close = FENCE.exec(line);
      if (
        close &&
        close[2]![0] === fence[0] &&
        close[2]!.length >= fence.length &&
        line.trim() === close[0].trim()
      )
        fence = null;
    } else prose += line;
  }
  push(false, codeSpans(prose));
  return out;

  /** Marks inline code spans (a run of backticks up to the next run of the same length) as code. */
  function codeSpans(part: string): string {
    let i = 0;
    let from = 0;
    while (i < part.length) {
      if (part[i] !== '`') {
        i++;
        continue;
      }
      let j = i;
      while (part[j] === '`') j++;
      const run = part.slice(i, j);
      const close = findRun(part, run, j);
      if (close < 0) {
        i = j;
        continue;
      }
      push(false, part.slice(from, i));
      push(true, part.slice(i, close + run.length));
      i = from = close + run.length;
    }
    return part.slice(from);
  }
}

function findRun(text: string, run: string, from: number): number {
  for (let k = text.indexOf(run, from); k >= 0; k = text.indexOf(run, k + 1)) {
    if (text[k - 1] !== '`' && text[k + run.length] !== '`') return k;
    while (text[k] === '`') k++;
  }
  return -1;
}

/** Rewrites `\( \)` and `\[ \]` in prose; an unclosed opener is escaped so it shows as typed. */
function rewriteProse(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && text[i + 1] === '\\') {
      // An escaped backslash: `\\(` is a backslash and a parenthesis, not math.
      out += '\\\\';
      i += 2;
      continue;
    }
    if (c === '\\' && (text[i + 1] === '(' || text[i + 1] === '[')) {
      const display = text[i + 1] === '[';
      const closer = display ? '\\]' : '\\)';
      const end = text.indexOf(closer, i + 2);
      if (end < 0) {
        out += `\\\\${text[i + 1]}`;
        i += 2;
        continue;
      }
      const inner = text.slice(i + 2, end);
      out += display ? displayMath(out, inner, text.slice(end + 2)) : `$${inner.trim()}$`;
      i = end + 2;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/**
 * `\[ … \]` alone on its lines becomes a math block (fences on their own lines, at the line's
 * indentation, so it stays inside a list item); in running text it stays inline, `$$ … $$`.
 */
function displayMath(before: string, inner: string, after: string): string {
  const lineStart = before.slice(before.lastIndexOf('\n') + 1);
  const alone = /^[ \t]*$/.test(lineStart) && /^[ \t]*(\n|$)/.test(after);
  const body = inner.trim();
  if (!alone) return `$$${body}$$`;
  const indent = lineStart;
  const lines = body.split('\n').map((l) => l.trim());
  return `$$\n${lines.map((l) => indent + l).join('\n')}\n${indent}$$`;
}

const BLOCK_FENCE = /(^|[^\\$])\$\$(?!\$)/g;

/** Escapes the last `$$` of a prose part, so it shows as typed. */
function escapeLastFence(text: string): string {
  const fences = [...text.matchAll(BLOCK_FENCE)];
  const last = fences[fences.length - 1]!;
  const at = last.index + last[1]!.length;
  return `${text.slice(0, at)}\\$\\$${text.slice(at + 2)}`;
}

export function rewriteMathDelimiters(markdown: string): string {
  const parts = segments(markdown).map((s) => (s.code ? s : { code: false, text: rewriteProse(s.text) }));
  // A `$$` block opened and not closed yet (mid-stream) shows as text, not as a broken formula.
  const fenceCount = (s: { code: boolean; text: string }) =>
    s.code ? 0 : [...s.text.matchAll(BLOCK_FENCE)].length;
  if (parts.reduce((n, s) => n + fenceCount(s), 0) % 2 === 1) {
    const last = parts.findLast((s) => fenceCount(s) > 0)!;
    last.text = escapeLastFence(last.text);
  }
  return parts.map((s) => s.text).join('');
}
