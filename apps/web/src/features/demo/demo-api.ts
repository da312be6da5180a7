import type { DemoBackEndResult, DemoFigures } from '@lintel/contracts';
import { request } from '../../shared/api/client';

export const demoKeys = {
  backEnd: ['demo', 'backEnd'] as const,
  figures: (kind: 'chart' | 'screen') => ['demo', 'figures', kind] as const,
};

const tz = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Refused (403, localized) without demo:backEndPage: the page shows the server's own message. */
export const fetchBackEnd = () => request<DemoBackEndResult>('/api/demo/backEndPage', { customCatch: true });

export const fetchFigures = (kind: 'chart' | 'screen') =>
  request<DemoFigures>(kind === 'chart' ? '/api/demo/chartData' : '/api/demo/screenData', {
    query: { tz: tz() },
  });
