import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Chooses an option of an antd select by its title. On a busy machine the select can close before the
 * click lands (its focus timers run late) and the click is lost, so the choice is made again until the
 * select shows it.
 */
export async function chooseOption(combobox: HTMLElement, title: string): Promise<void> {
  const select = combobox.closest('.ant-select');
  if (!select) throw new Error('chooseOption: the element is not inside an antd select');
  await waitFor(
    async () => {
      if (!select.textContent?.includes(title)) {
        fireEvent.mouseDown(combobox);
        fireEvent.click(await screen.findByTitle(title));
      }
      expect(select.textContent).toContain(title);
    },
    { timeout: 20_000 },
  );
}
