import type { StressProgress } from '@lintel/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import { userInfo } from '../../../test/fixtures';
import { stressChartOption } from './stress-chart';
import StressTestPage from './stress-test-page';

afterEach(() => vi.unstubAllGlobals());

/** The stress test's answer, fed event by event by the test. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    push(event: string, data: unknown) {
      act(() =>
        controller.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
      );
    },
    close: () => act(() => controller.close()),
  };
}

const second = (n: number, p50: number, p90: number, p99: number): StressProgress => ({
  second: n,
  requests: 100 * n,
  latencyMs: p50 + 1,
  p50,
  p90,
  p99,
  errors: 0,
});

const LABELS = { title: 'Chart', throughput: 'Requests/s', latency: 'Latency (ms)', mean: 'Mean' };

describe('stress test page', () => {
  it('shows each second’s p50, p90 and p99 while the run goes', async () => {
    const stream = controlledStream();
    stubApi({
      'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: ['sysCommon:stressTest'] })),
      'POST /api/sysCommon/stressTest': () => stream.response(),
    });
    await renderPage(<StressTestPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Start/ }));
    stream.push('meta', { path: '/api/sysAuth/userInfo', duration: 5, connections: 10 });
    stream.push('progress', second(1, 3.5, 8.25, 20));
    const live = await screen.findByTestId('stress-live');
    expect(live.textContent).toBe('Second 1:p50 3.5 msp90 8.25 msp99 20 ms');

    stream.push('progress', second(2, 4, 9, 31.5));
    await waitFor(() => expect(live.textContent).toContain('p99 31.5 ms'));
    expect(live.textContent).toContain('Second 2:');
    stream.close();
  });

  it('draws the percentiles of every second as lines on the latency axis', () => {
    const option = stressChartOption([second(1, 3.5, 8.25, 20), second(2, 4, 9, 31.5)], LABELS);
    const lines = Object.fromEntries(option.series.map((s) => [s.name, s]));
    expect(Object.keys(lines)).toEqual(['Requests/s', 'Mean', 'p50', 'p90', 'p99']);
    expect(lines.p50!.data).toEqual([3.5, 4]);
    expect(lines.p90!.data).toEqual([8.25, 9]);
    expect(lines.p99!.data).toEqual([20, 31.5]);
    for (const name of ['Mean', 'p50', 'p90', 'p99']) expect(lines[name]).toMatchObject({ yAxisIndex: 1 });
  });
});
