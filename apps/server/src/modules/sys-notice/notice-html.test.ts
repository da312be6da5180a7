import { describe, expect, it } from 'vitest';
import { hasVisibleContent, sanitizeNoticeHtml } from './notice-html.js';

describe('sanitizeNoticeHtml', () => {
  it('keeps what the editor writes', () => {
    const html =
      '<h2>Title</h2><p><strong>bold</strong> <em>it</em> <a href="https://example.com/x">link</a></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote>' +
      '<pre><code class="language-ts">let a = 1;</code></pre>' +
      '<table><tbody><tr><td colspan="2">c</td></tr></tbody></table><img src="https://example.com/a.png" alt="a">';
    const out = sanitizeNoticeHtml(html);
    for (const part of ['<h2>Title</h2>', '<strong>bold</strong>', '<em>it</em>', '<ul><li>one</li></ul>']) {
      expect(out).toContain(part);
    }
    expect(out).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">',
    );
    expect(out).toContain('<code class="language-ts">');
    expect(out).toContain('<td colspan="2">c</td>');
    expect(out).toContain('<img src="https://example.com/a.png" alt="a" />');
  });

  it('removes script, event handlers, javascript: links and unsafe images', () => {
    const out = sanitizeNoticeHtml(
      '<p onclick="steal()">hi<script>alert(1)</script></p>' +
        '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>' +
        '<a href="JaVaScRiPt:alert(1)">y</a><iframe src="https://evil"></iframe><style>p{}</style>' +
        '<img src="data:image/svg+xml;base64,PHN2Zz4=">' +
        '<img src="data:image/png;base64,iVBORw0KGgo=">' +
        '<p style="color:#ff0000;position:fixed">s</p>',
    );
    expect(out).not.toMatch(/script|onerror|onclick|javascript|iframe|<style|svg|position/i);
    expect(out).toContain('<p>hi</p>');
    expect(out).toContain('<a target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(out).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" />');
    expect(out).toContain('<p style="color:#ff0000">s</p>');
  });

  it('tells empty content from visible content', () => {
    expect(hasVisibleContent('<p></p><p>&nbsp; </p>')).toBe(false);
    expect(hasVisibleContent('<script>x</script>')).toBe(false);
    expect(hasVisibleContent('<p>a</p>')).toBe(true);
    expect(hasVisibleContent('<p><img src="https://e/a.png"></p>')).toBe(true);
  });
});
