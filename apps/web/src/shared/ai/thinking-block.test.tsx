import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadMessages } from '../../locales/i18n';
import { ThinkingBlock } from './thinking-block';

beforeAll(async () => {
  await initI18n('en');
  await i18n.changeLanguage('en');
  await loadMessages('en');
});

describe('ThinkingBlock', () => {
  it('shows the preparing state before anything arrives', () => {
    render(<ThinkingBlock phase="preparing" reasoning="" />);
    expect(screen.getByRole('status').textContent).toContain('Preparing');
  });

  it('is open with a live timer while thinking, folds to "thought for N s" when the answer starts, opens on a click', async () => {
    const since = Date.now() - 3000;
    const { rerender } = render(
      <ThinkingBlock phase="thinking" reasoning="Move x over." thinkingSince={since} />,
    );
    const toggle = screen.getByRole('button');
    expect(toggle.textContent).toMatch(/Thinking… 3 s/);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('Move x over.')).toBeTruthy();

    rerender(
      <ThinkingBlock phase="answering" reasoning="Move x over." thinkingSince={since} reasoningMs={4200} />,
    );
    expect(toggle.textContent).toMatch(/Thought for 4 s/);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Move x over.')).toBeNull();

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('Move x over.')).toBeTruthy();
  });

  it('ticks the timer while thinking', async () => {
    render(<ThinkingBlock phase="thinking" reasoning="a" thinkingSince={Date.now() - 1000} />);
    const toggle = screen.getByRole('button');
    expect(toggle.textContent).toMatch(/1 s/);
    await act(() => new Promise((r) => setTimeout(r, 1100)));
    expect(toggle.textContent).toMatch(/2 s/);
  });

  it('shows nothing for an answer without reasoning', () => {
    const { container } = render(<ThinkingBlock phase="done" reasoning="" />);
    expect(container.textContent).toBe('');
  });
});
