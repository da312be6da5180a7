import { request } from '../../../shared/api/client';
import { encryptPassword } from '../../../shared/session/encrypt-password';

/**
 * POST /api/sysAuth/unLockScreen with `{ password }` in the body: the password SM2-encrypted with the
 * tenant's public key, like sign-in (never in the address, which proxies and logs keep). Failures
 * come back as ApiError (the caller shows them in the form).
 */
export async function unlockScreen(password: string, publicKey: string): Promise<boolean> {
  const encrypted = await encryptPassword(password, publicKey);
  return request<boolean>('/api/sysAuth/unLockScreen', {
    method: 'POST',
    body: { password: encrypted },
    customCatch: true,
  });
}
