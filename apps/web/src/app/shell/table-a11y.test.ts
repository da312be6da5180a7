import { describe, expect, it } from 'vitest';
import { fixTables } from './table-a11y';

describe('table fixes', () => {
  it('makes the hidden measuring row inert, so its copy of a checkbox takes no focus', () => {
    document.body.innerHTML = `<div class="ant-table-content"><table><tbody>
      <tr aria-hidden="true" class="ant-table-measure-row"><td><input type="checkbox"></td></tr>
    </tbody></table></div>`;
    fixTables();
    const row = document.querySelector<HTMLElement>('.ant-table-measure-row')!;
    expect(row.inert).toBe(true);
  });

  it('puts an overflowing scroll area into the tab order, and leaves one that fits alone', () => {
    document.body.innerHTML = `<div class="ant-table-content" id="wide"></div><div class="ant-table-body" id="fits"></div>`;
    const wide = document.getElementById('wide')!;
    Object.defineProperty(wide, 'scrollWidth', { value: 900 });
    Object.defineProperty(wide, 'clientWidth', { value: 600 });
    fixTables();
    expect(wide.tabIndex).toBe(0);
    expect(document.getElementById('fits')!.hasAttribute('tabindex')).toBe(false);
  });
});
