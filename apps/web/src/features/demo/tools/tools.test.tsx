import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import { jsonErrorOffset } from './json-error';
import { fromTimestamp, guessUnit, randomString, uuidV4 } from './id-tools';
import { decodeBase64, encodeBase64, formatJson } from './text-tools';
import ToolsDemo from './tools-page';

afterEach(() => vi.restoreAllMocks());

describe('text tools', () => {
  it('formats, minifies and sorts JSON', () => {
    expect(formatJson('{"b":1,"a":[1,{"d":2,"c":3}]}', 2)).toEqual({
      ok: true,
      text: '{\n  "b": 1,\n  "a": [\n    1,\n    {\n      "d": 2,\n      "c": 3\n    }\n  ]\n}',
    });
    expect(formatJson(' { "a" : [ 1 , 2 ] } ', 0)).toEqual({ ok: true, text: '{"a":[1,2]}' });
    expect(formatJson('{"b":1,"a":{"d":2,"c":3}}', 0, true)).toEqual({
      ok: true,
      text: '{"a":{"c":3,"d":2},"b":1}',
    });
    expect(formatJson('[1]', '\t')).toEqual({ ok: true, text: '[\n\t1\n]' });
  });

  it('finds the first offset that breaks the JSON grammar, agreeing with JSON.parse', () => {
    const samples: [string, number | null][] = [
      ['{"a":[1,2.5e-3,true,false,null,"x\\u00e9\\n"]}', null],
      ['  [ ]  ', null],
      ['"\\"', 3],
      ['{"a":1,}', 7],
      ['[1 2]', 3],
      ['{a:1}', 1],
      ['01', 1],
      ['[1.]', 2],
      ['"\\x"', 2],
      ['"\\u12g4"', 5],
      ['"a\tb"', 2],
      ['[1]x', 3],
      ['', 0],
      ['{"a":1', 6],
      ['tru', 0],
    ];
    for (const [text, offset] of samples) {
      expect(jsonErrorOffset(text), text).toBe(offset);
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      expect(parses, text).toBe(offset === null);
    }
  });

  it('places a JSON syntax error on its line and column', () => {
    const bad = formatJson('{\n  "a": 1,\n  "b": ]\n}', 2);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.line).toBe(3);
    expect(bad.column).toBe(8);
    expect(bad.detail).not.toBe('');
  });

  it('encodes and decodes any text as UTF-8 Base64, in both alphabets', () => {
    expect(encodeBase64('Grüße, 你好')).toBe('R3LDvMOfZSwg5L2g5aW9');
    expect(encodeBase64('?>?')).toBe('Pz4/');
    expect(encodeBase64('?>?', true)).toBe('Pz4_');
    expect(encodeBase64('ab', true)).toBe('YWI');
    expect(decodeBase64('R3LDvMOfZSwg5L2g5aW9')).toEqual({ ok: true, text: 'Grüße, 你好' });
    expect(decodeBase64('Pz4_')).toEqual({ ok: true, text: '?>?' });
    expect(decodeBase64('YWI')).toEqual({ ok: true, text: 'ab' });
    expect(decodeBase64('YW\nI=')).toEqual({ ok: true, text: 'ab' });
    const big = 'x'.repeat(100_000);
    expect(decodeBase64(encodeBase64(big))).toEqual({ ok: true, text: big });
  });

  it('refuses what is not Base64, and bytes that are not text', () => {
    expect(decodeBase64('abc$')).toEqual({ ok: false, reason: 'alphabet' });
    expect(decodeBase64('abcde')).toEqual({ ok: false, reason: 'alphabet' });
    expect(decodeBase64('YQ===')).toEqual({ ok: false, reason: 'alphabet' });
    expect(decodeBase64('/w==')).toEqual({ ok: false, reason: 'utf8' });
  });
});

describe('id tools', () => {
  it('writes version 4 UUIDs with the RFC variant', () => {
    expect(uuidV4((bytes) => bytes.fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(uuidV4((bytes) => bytes.fill(0))).toBe('00000000-0000-4000-8000-000000000000');
    const ids = new Set(Array.from({ length: 50 }, () => uuidV4()));
    expect(ids.size).toBe(50);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('draws random strings from the chosen characters only, without modulo bias', () => {
    expect(randomString(40, ['digits'])).toMatch(/^\d{40}$/);
    expect(randomString(40, ['lower', 'upper'])).toMatch(/^[a-zA-Z]{40}$/);
    expect(randomString(8, [])).toBe('');
    // 10 digits: bytes from 250 up would favour 0-5, so they are drawn again.
    let call = 0;
    const source = (bytes: Uint8Array) => bytes.fill(call++ === 0 ? 255 : 13);
    expect(randomString(3, ['digits'], source)).toBe('333');
    expect(call).toBe(2);
  });

  it('reads timestamps in seconds and milliseconds', () => {
    expect(fromTimestamp('1700000000', 's')?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(fromTimestamp('1700000000123', 'ms')?.toISOString()).toBe('2023-11-14T22:13:20.123Z');
    expect(fromTimestamp('-86400', 's')?.toISOString()).toBe('1969-12-31T00:00:00.000Z');
    expect(fromTimestamp('17e8', 's')).toBeNull();
    expect(fromTimestamp('9999999999999999', 's')).toBeNull();
    expect(guessUnit('1700000000')).toBe('s');
    expect(guessUnit('1700000000123')).toBe('ms');
  });
});

describe('tools page', () => {
  const value = (id: string) => (screen.getByTestId(id) as HTMLTextAreaElement).value;

  it('formats JSON and names the place of an error', async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo()) });
    await renderPage(<ToolsDemo />);
    fireEvent.change(await screen.findByLabelText('JSON text'), { target: { value: '{"a":[1,2]}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Format' }));
    expect(value('tool-json-output')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(screen.getByRole('status').textContent).toContain('Valid JSON.');
    fireEvent.change(screen.getByLabelText('JSON text'), { target: { value: '{"a":\n  [1,,2]}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Minify' }));
    expect(screen.getByRole('status').textContent).toContain('Not valid JSON: line 2, column 6.');
    expect(value('tool-json-output')).toBe('');
  });

  it('encodes and decodes Base64, and refuses bad input in words', async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo()) });
    await renderPage(<ToolsDemo />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Base64' }));
    const input = await screen.findByLabelText('Text or Base64');
    fireEvent.change(input, { target: { value: 'Grüße' } });
    fireEvent.click(screen.getByRole('button', { name: 'Encode' }));
    expect(value('tool-base64-output')).toBe('R3LDvMOfZQ==');
    fireEvent.change(input, { target: { value: 'R3LDvMOfZQ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decode' }));
    expect(value('tool-base64-output')).toBe('Grüße');
    fireEvent.change(input, { target: { value: 'not base64!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decode' }));
    expect(screen.getByRole('alert').textContent).toContain('This is not Base64');
  });

  it('generates the asked number of ids, and random strings of the asked length', async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo()) });
    await renderPage(<ToolsDemo />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Random IDs' }));
    fireEvent.change(await screen.findByLabelText('How many'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const uuids = value('tool-id-output').split('\n');
    expect(uuids).toHaveLength(3);
    for (const id of uuids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab]/);

    fireEvent.click(screen.getByText('Random string'));
    fireEvent.change(await screen.findByLabelText('Length'), { target: { value: '10' } });
    fireEvent.click(screen.getByLabelText('Lowercase letters'));
    fireEvent.click(screen.getByLabelText('Uppercase letters'));
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(value('tool-id-output')).toMatch(/^\d{10}\n\d{10}\n\d{10}$/));
    fireEvent.click(screen.getByLabelText('Digits'));
    expect(screen.getByRole('alert').textContent).toContain('Choose at least one kind of character.');
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('converts a timestamp to UTC and local time, and says when it is none', async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo()) });
    await renderPage(<ToolsDemo />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Timestamp' }));
    const input = await screen.findByLabelText('Unix timestamp');
    fireEvent.change(input, { target: { value: '1700000000123' } });
    const result = screen.getByTestId('tool-time-result');
    expect(result.textContent).toContain('2023-11-14T22:13:20.123Z');
    expect(result.textContent).toMatch(/Local time \(.+\)/);
    fireEvent.change(input, { target: { value: '1700000000' } });
    expect(screen.getByTestId('tool-time-result').textContent).toContain('2023-11-14T22:13:20.000Z');
    fireEvent.change(input, { target: { value: 'yesterday' } });
    expect(screen.getByRole('alert').textContent).toContain('Not a timestamp');
  });
});
