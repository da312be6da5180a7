import type { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { exportRows, keysetBatches } from './row-export.js';

const read = async (stream: PassThrough) => {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
};

describe('row export', () => {
  it('reads a list batch after batch, each from the last row of the one before', async () => {
    const rows = [1, 2, 3, 4, 5].map((id) => ({ id }));
    const asked: (number | undefined)[] = [];
    const batches = keysetBatches(async (last: { id: number } | undefined) => {
      asked.push(last?.id);
      return rows.filter((r) => r.id > (last?.id ?? 0)).slice(0, 2);
    }, 2);
    const seen: number[][] = [];
    for await (const batch of batches) seen.push(batch.map((r) => r.id));
    expect(seen).toEqual([[1, 2], [3, 4], [5]]);
    expect(asked).toEqual([undefined, 2, 4]);
  });

  it('writes every batch with the allowed, visible columns and names the file by day', async () => {
    const { stream, headers } = exportRows(
      {
        format: 'csv',
        allowed: ['id', 'name', 'secret'],
        hidden: ['secret'],
        asked: [
          { key: 'name', title: 'Name' },
          { key: 'secret', title: 'S' },
          { key: 'unknown', title: 'U' },
        ],
        name: 'things',
        rows: () =>
          keysetBatches(async (last: { id: number } | undefined) =>
            last
              ? []
              : [
                  { id: 1, name: 'a' },
                  { id: 2, name: 'b' },
                ],
          ),
        cells: (row) => row,
        locale: 'en',
      },
      () => undefined,
    );
    expect(headers['content-disposition']).toMatch(/filename="things-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(await read(stream as PassThrough)).toBe('\ufeffName\r\na\r\nb\r\n');
    expect(() =>
      exportRows(
        {
          format: 'csv',
          allowed: ['secret'],
          hidden: ['secret'],
          name: 'x',
          rows: () => keysetBatches(async () => []),
          cells: (r) => r,
          locale: 'en',
        },
        () => undefined,
      ),
    ).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});
