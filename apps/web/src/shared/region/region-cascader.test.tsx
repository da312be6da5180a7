import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHILDREN } from './region-test-data';
import { json } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { RegionCascader } from './region-cascader';

let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/sysRegion/list') return json('not found', 404);
      const pid = url.searchParams.get('Pid') ?? '0';
      asked.push(pid);
      return json(CHILDREN[pid] ?? []);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('RegionCascader', () => {
  it('shows a saved value by its full name, loading only the levels it passes through', async () => {
    await renderPage(<RegionCascader value={['440000000000', '440300000000', '440305000000']} />);
    await waitFor(() => expect(screen.getByText('广东省 / 深圳市 / 南山区')).toBeTruthy());
    expect(asked).toEqual(['0', '440000000000', '440300000000']);
  });

  it('starts with the provinces only', async () => {
    await renderPage(<RegionCascader aria-label="Region" />);
    await waitFor(() => expect(asked).toEqual(['0']));
  });

  it('loads a level when its parent is opened and answers the codes with the regions', async () => {
    const onChange = vi.fn();
    await renderPage(<RegionCascader aria-label="Region" changeOnSelect onChange={onChange} />);
    await waitFor(() => expect(asked).toEqual(['0']));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('广东省'));
    await waitFor(() => expect(asked).toEqual(['0', '440000000000']));
    fireEvent.click(await screen.findByText('深圳市'));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        ['440000000000', '440300000000'],
        [
          expect.objectContaining({ name: '广东省' }),
          expect.objectContaining({ id: '440300000000', name: '深圳市' }),
        ],
      ),
    );
  });
});
