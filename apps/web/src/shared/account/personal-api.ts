import type { BaseInfo, BaseInfoUpdate, ChangePasswordInput, UploadResult } from '@lintel/contracts';
import { request } from '../api/client';

export const personalKeys = {
  baseInfo: ['personal', 'baseInfo'] as const,
};

export const fetchBaseInfo = () => request<BaseInfo>('/api/sysUser/baseInfo');
export const saveBaseInfo = (body: BaseInfoUpdate) =>
  request<null>('/api/sysUser/baseInfo', { method: 'POST', body });
/** Failures are shown in the form, next to the field they concern. */
export const changePassword = (body: ChangePasswordInput) =>
  request<null>('/api/sysUser/changePwd', { method: 'POST', body, customCatch: true });

export type UploadAction = 'uploadAvatar' | 'uploadSignature' | 'uploadLogo';

/** Sends one file as multipart/form-data; the server checks its type from the content. */
export function uploadFile(action: UploadAction, file: Blob, fileName: string) {
  const form = new FormData();
  form.append('file', file, fileName);
  return request<UploadResult>(`/api/sysFile/${action}`, { method: 'POST', body: form });
}
