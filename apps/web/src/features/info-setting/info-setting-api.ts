import type { SaveSysInfoInput } from '@lintel/contracts';
import { request } from '../../shared/api/client';

export const saveSysInfo = (body: SaveSysInfoInput) =>
  request<null>('/api/sysTenant/saveSysInfo', { method: 'POST', body });
