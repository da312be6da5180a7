import { describe, expect, it } from 'vitest';
import { EventChannel } from './event-channel.js';

const read = async (channel: EventChannel<number>) => {
  const seen: number[] = [];
  for await (const item of channel) seen.push(item);
  return seen;
};

describe('EventChannel', () => {
  it('hands over what was pushed before and while reading, in order, until the end', async () => {
    const channel = new EventChannel<number>();
    channel.push(1);
    const reading = read(channel);
    channel.push(2);
    await new Promise((resolve) => setImmediate(resolve));
    channel.push(3);
    channel.end();
    channel.push(4);
    expect(await reading).toEqual([1, 2, 3]);
  });

  it('drops what is queued once the reader left, and takes nothing more', async () => {
    const channel = new EventChannel<number>();
    channel.push(1);
    channel.push(2);
    channel.detach();
    channel.push(3);
    expect(channel.isDetached).toBe(true);
    expect(await read(channel)).toEqual([]);
  });

  it('ends a reader that is waiting when the reader is detached', async () => {
    const channel = new EventChannel<number>();
    const reading = read(channel);
    await new Promise((resolve) => setImmediate(resolve));
    channel.detach();
    expect(await reading).toEqual([]);
  });
});
