import { describe, expect, it } from 'vitest';
import { rewriteMathDelimiters as rewrite } from './math-delimiters';

describe('rewriteMathDelimiters', () => {
  it('turns \\( \\) into inline $ $ and \\[ \\] in running text into inline $$ $$', () => {
    expect(rewrite('Solve \\( x^2 = 4 \\) so \\(x = \\pm 2\\).')).toBe('Solve $x^2 = 4$ so $x = \\pm 2$.');
    expect(rewrite('area \\[\\pi r^2\\] here')).toBe('area $$\\pi r^2$$ here');
  });

  it('turns \\[ \\] alone on its lines into a math block at the line indentation', () => {
    expect(rewrite('Then\n\\[\n  \\frac{a}{b}\n\\]\nso')).toBe('Then\n$$\n\\frac{a}{b}\n$$\nso');
    expect(rewrite('1. step\n   \\[ x = 1 \\]\n')).toBe('1. step\n   $$\n   x = 1\n   $$\n');
  });

  it('leaves code spans and fenced code alone', () => {
    expect(rewrite('use `\\(x\\)` and \\(y\\)')).toBe('use `\\(x\\)` and $y$');
    expect(rewrite('``a ` \\(b\\)`` \\(c\\)')).toBe('``a ` \\(b\\)`` $c$');
    const fenced = '```latex\n\\[ x \\]\n$$\n```\nafter \\(z\\)';
    expect(rewrite(fenced)).toBe('```latex\n\\[ x \\]\n$$\n```\nafter $z$');
    expect(rewrite('~~~~\n\\(a\\)\n~~~\n\\(b\\)\n~~~~\n\\(c\\)')).toBe(
      '~~~~\n\\(a\\)\n~~~\n\\(b\\)\n~~~~\n$c$',
    );
  });

  it('keeps a fence still open (streaming) as code to the end', () => {
    expect(rewrite('text \\(a\\)\n```py\nprint("\\(x\\)")')).toBe('text $a$\n```py\nprint("\\(x\\)")');
  });

  it('shows an opener without its closer (mid-stream) as typed, and goes on after it', () => {
    expect(rewrite('so \\(x + ')).toBe('so \\\\(x + ');
    expect(rewrite('x \\[ a \\( b \\]')).toBe('x $$a \\( b$$');
    expect(rewrite('open \\( then \\[y\\]')).toBe('open \\\\( then $$y$$');
  });

  it('shows a $$ block not closed yet as text, but leaves closed ones and code alone', () => {
    expect(rewrite('$$\nx = 1\n$$\n\n$$\ny = ')).toBe('$$\nx = 1\n$$\n\n\\$\\$\ny = ');
    expect(rewrite('\\[\nx\n\\]\n`$$`')).toBe('$$\nx\n$$\n`$$`');
  });

  it('does not read an escaped backslash as a delimiter', () => {
    expect(rewrite('a \\\\(b\\\\) c')).toBe('a \\\\(b\\\\) c');
  });

  it('leaves text without math unchanged', () => {
    const text = '# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nIt costs $5 and $6.';
    expect(rewrite(text)).toBe(text);
  });
});
