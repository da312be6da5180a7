import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/render-app';
import { DictField, dictValues, excludedBy, toModel } from './dict-field';

const ITEMS = [
  { value: 'none', label: 'None', tagType: 'info', code: null },
  { value: 'bus', label: 'Bus', tagType: 'success', code: null },
  { value: 'car', label: 'Car', tagType: 'warning', code: null },
];

beforeEach(() => {
  stubApi({ 'GET /api/sysDictType/dataList': () => json(ITEMS) });
});
afterEach(() => vi.unstubAllGlobals());

const show = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe('dict field models', () => {
  it('reads arrays and comma-joined strings alike, and writes the shape back', () => {
    expect(dictValues('bus,car')).toEqual(['bus', 'car']);
    expect(dictValues(['bus'])).toEqual(['bus']);
    expect(dictValues(null)).toEqual([]);
    expect(dictValues('')).toEqual([]);
    expect(toModel(['bus', 'car'], 'comma')).toBe('bus,car');
    expect(toModel(['bus'], 'array')).toEqual(['bus']);
  });

  it('disables the other side of an exclusive group once one side is chosen', () => {
    const groups = [
      ['none', 'bus'],
      ['none', 'car'],
    ];
    expect([...excludedBy(['none'], groups)].sort()).toEqual(['bus', 'car']);
    expect([...excludedBy(['bus'], groups)]).toEqual(['none']);
    expect(excludedBy([], groups).size).toBe(0);
  });
});

describe('DictField', () => {
  it('shows tags with the item colours and warns about a value without an option', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    show(<DictField code="commute" mode="tag" value="bus,ghost" />);
    expect(await screen.findByText('Bus')).toBeTruthy();
    expect(screen.getByText('ghost')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"ghost"'));
    warn.mockRestore();
  });

  it('toggles checkbox buttons into a comma-joined model and honours exclusive options', async () => {
    const onChange = vi.fn();
    show(
      <DictField
        code="commute"
        mode="checkbox-button"
        value="none"
        shape="comma"
        exclusive={[['none', 'bus', 'car']]}
        onChange={onChange}
      />,
    );
    const bus = await screen.findByRole('button', { name: 'Bus' });
    expect((bus as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'None' }));
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('picks one value with radio buttons', async () => {
    const onChange = vi.fn();
    show(<DictField code="commute" mode="radio-button" value="bus" onChange={onChange} />);
    fireEvent.click(await screen.findByText('Car'));
    expect(onChange).toHaveBeenLastCalledWith('car');
  });

  it('keeps an array model in checkbox mode', async () => {
    const onChange = vi.fn();
    show(<DictField code="commute" mode="checkbox" value={['bus']} onChange={onChange} />);
    fireEvent.click(await screen.findByText('Car'));
    expect(onChange).toHaveBeenLastCalledWith(['bus', 'car']);
  });
});
