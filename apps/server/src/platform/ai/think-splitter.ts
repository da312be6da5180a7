/**
 * Splits a streamed answer that carries its chain of thought inline (`<think>…</think>` at the start,
 * as local R1-style models served by Ollama or llama.cpp and Dify apps send it) into reasoning and
 * content pieces, while the text arrives in arbitrary chunks: a tag may be cut anywhere, even one
 * character per chunk. Only a `<think>` that opens the answer (after white space) starts reasoning; a
 * `<think>` later in an answer is the answer's own text (an HTML lesson, say). A `<think>` that never
 * closes is all reasoning.
 */
export type SplitPiece = { type: 'reasoning' | 'content'; text: string };

const OPEN = ['<think>', '<thought>'] as const;
const closeOf = (open: string) => `</${open.slice(1)}`;

export class ThinkSplitter {
  private state: 'start' | 'thinking' | 'answer' = 'start';
  /** Text held back because it may be the start of a tag. */
  private held = '';
  private close = '';
  /** The answer after a closing tag starts at its first non-blank character. */
  private trimAnswer = false;

  push(text: string): SplitPiece[] {
    const out: SplitPiece[] = [];
    this.held += text;
    for (;;) {
      if (this.state === 'start') {
        const lead = this.held.trimStart();
        const open = OPEN.find((tag) => lead.startsWith(tag));
        if (open) {
          this.state = 'thinking';
          this.close = closeOf(open);
          this.held = lead.slice(open.length);
          continue;
        }
        // Still blank, or a prefix of a tag: wait for more text.
        if (!lead || OPEN.some((tag) => tag.startsWith(lead))) return out;
        this.state = 'answer';
        continue;
      }
      if (this.state === 'thinking') {
        const at = this.held.indexOf(this.close);
        if (at >= 0) {
          emit(out, 'reasoning', this.held.slice(0, at));
          this.held = this.held.slice(at + this.close.length);
          this.state = 'answer';
          this.trimAnswer = true;
          continue;
        }
        const keep = partialSuffix(this.held, this.close);
        emit(out, 'reasoning', this.held.slice(0, this.held.length - keep));
        this.held = this.held.slice(this.held.length - keep);
        return out;
      }
      if (this.trimAnswer) {
        this.held = this.held.trimStart();
        if (!this.held) return out;
        this.trimAnswer = false;
      }
      emit(out, 'content', this.held);
      this.held = '';
      return out;
    }
  }

  /** The end of the stream: whatever was held back is what it looked like. */
  flush(): SplitPiece[] {
    const out: SplitPiece[] = [];
    if (this.state === 'thinking') emit(out, 'reasoning', this.held);
    else if (!this.trimAnswer) emit(out, 'content', this.held);
    this.held = '';
    return out;
  }
}

function emit(out: SplitPiece[], type: SplitPiece['type'], text: string): void {
  if (text) out.push({ type, text });
}

/** How many characters at the end of `text` could begin `tag` (the rest of it may come next). */
function partialSuffix(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--)
    if (text.endsWith(tag.slice(0, n))) return n;
  return 0;
}
