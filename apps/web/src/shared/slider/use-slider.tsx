import { lazy, Suspense, useState } from 'react';
import type { SysInfo } from '../session/types';

/** Loaded only for tenants that ask for the slider (sysInfo.secondVer). */
const SliderCaptcha = lazy(() => import('./slider-captcha'));

/**
 * The slider captcha inside a sign-in form: the field to render, the pass token to send, and
 * `spent()` to call after each sign-in attempt (the server burns the token either way, so the
 * next attempt needs a fresh puzzle).
 */
export function useSlider(sysInfo: SysInfo) {
  const [token, setToken] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const required = !!sysInfo.secondVer;
  return {
    required,
    token,
    spent: () => {
      if (!required) return;
      setToken(null);
      setRound((r) => r + 1);
    },
    field: required ? (
      <div style={{ marginBottom: 24 }}>
        <Suspense fallback={<div style={{ height: 240 }} />}>
          <SliderCaptcha key={round} round={round} tenantId={sysInfo.tenantId} onChange={setToken} />
        </Suspense>
      </div>
    ) : null,
  };
}
