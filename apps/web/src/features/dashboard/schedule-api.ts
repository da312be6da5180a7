import type { ScheduleInput, ScheduleItem, ScheduleStatus } from '@lintel/contracts';
import { request } from '../../shared/api/client';

export const scheduleKeys = {
  all: ['schedule'] as const,
  range: (from: string, to: string) => ['schedule', from, to] as const,
};

export const fetchSchedules = (startTime: string, endTime: string) =>
  request<ScheduleItem[]>('/api/sysSchedule/page', { method: 'POST', body: { startTime, endTime } });
export const addSchedule = (body: ScheduleInput) =>
  request<string>('/api/sysSchedule/add', { method: 'POST', body });
export const updateSchedule = (body: ScheduleInput & { id: string }) =>
  request<null>('/api/sysSchedule/update', { method: 'POST', body });
export const deleteSchedule = (id: string) =>
  request<null>('/api/sysSchedule/delete', { method: 'POST', body: { id } });
export const setScheduleStatus = (id: string, status: ScheduleStatus) =>
  request<null>('/api/sysSchedule/setStatus', { method: 'POST', body: { id, status } });
