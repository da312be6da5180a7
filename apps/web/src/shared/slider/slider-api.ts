import type { SliderPass, SliderPuzzle, SliderVerifyInput } from '@lintel/contracts';
import { request } from '../api/client';

/** Slider captcha calls (apps/server sys-auth/slider); failures are shown inside the widget. */
export const fetchSliderPuzzle = (tenantId: string) =>
  request<SliderPuzzle>('/api/sysAuth/sliderCaptcha', { query: { tenantId }, customCatch: true });

export const verifySlider = (body: SliderVerifyInput) =>
  request<SliderPass>('/api/sysAuth/sliderCaptcha/verify', { method: 'POST', body, customCatch: true });
