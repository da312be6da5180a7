import { request } from '../../shared/api/client';
import type { TokenResult } from '../../shared/session/types';

export interface Captcha {
  id: string;
  /** A data: URL of the image. */
  img: string;
  expirySeconds: number;
  enabled: boolean;
}

export interface AccountLogin {
  account: string;
  /** SM2-encrypted with the tenant's public key. */
  password: string;
  tenantId: string;
  codeId?: string;
  code?: string;
  /** Pass token of the slider captcha, when the tenant asks for it. */
  sliderToken?: string;
}

export interface PhoneLogin {
  phone: string;
  code: string;
  tenantId: string;
  sliderToken?: string;
}

export const fetchCaptcha = () => request<Captcha>('/api/sysAuth/captcha');

/** Sign-in failures are shown inside the form, so these calls handle their own errors. */
export const loginWithAccount = (body: AccountLogin) =>
  request<TokenResult>('/api/sysAuth/login', { method: 'POST', body, customCatch: true });
export const loginWithPhone = (body: PhoneLogin) =>
  request<TokenResult>('/api/sysAuth/loginPhone', { method: 'POST', body, customCatch: true });
export const sendSmsCode = (phone: string, tenantId: string) =>
  request<{ resendAfter: number; expirySeconds: number }>(
    `/api/sysSms/sendSms/${encodeURIComponent(phone)}`,
    {
      method: 'POST',
      query: { tenantId },
      customCatch: true,
    },
  );
