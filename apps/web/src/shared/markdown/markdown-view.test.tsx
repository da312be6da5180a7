import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadMessages } from '../../locales/i18n';
import { setNotifier } from '../api/notify';
import { MarkdownView } from './markdown-view';

const toast = { error: vi.fn(), success: vi.fn() };

beforeAll(async () => {
  await initI18n('en');
  await i18n.changeLanguage('en');
  await loadMessages('en');
});
beforeEach(() => setNotifier(toast));
afterEach(() => {
  setNotifier(null);
  vi.restoreAllMocks();
  toast.error.mockReset();
  toast.success.mockReset();
});

const ANSWER = [
  'Solve \\( x^2 = 4 \\):',
  '',
  '\\[',
  'x = \\pm 2',
  '\\]',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '```python',
  'print("\\(not math\\)")',
  '```',
  '',
  '<script>alert(1)</script>',
].join('\n');

describe('MarkdownView', () => {
  it('renders \\( \\) and \\[ \\] with KaTeX, GFM tables, highlighted code left as written, and no raw HTML', async () => {
    const { container } = render(<MarkdownView text={ANSWER} />);
    await waitFor(() => expect(container.querySelector('.katex')).toBeTruthy());
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(container.querySelectorAll('.katex').length).toBe(2);
    expect(container.querySelector('table td')?.textContent).toBe('1');
    const code = container.querySelector('pre code');
    expect(code?.className).toContain('language-python');
    expect(code?.querySelector('.hljs-string')).toBeTruthy();
    expect(code?.textContent).toBe('print("\\(not math\\)")\n');
    expect(container.querySelector('script')).toBeNull();
  });

  it('copies a code block, and names the two clipboard failures of SPEC 8', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    render(<MarkdownView text={'```js\nlet a = 1;\n```'} />);
    const button = await screen.findByRole('button', { name: /Copy code/ });
    await userEvent.click(button);
    expect(writeText).toHaveBeenCalledWith('let a = 1;\n');
    expect(toast.success).toHaveBeenCalledWith('Copied');

    writeText.mockRejectedValueOnce(new Error('denied'));
    await userEvent.click(button);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Copy failed. Please try again.'));

    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    await userEvent.click(button);
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith('This browser does not support the clipboard.'),
    );
  });
});
