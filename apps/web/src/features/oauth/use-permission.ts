import { useCallback } from 'react';
import { useUserInfo } from '../../shared/session/use-session';

/**
 * Whether the signed-in user holds a button permission (SPEC 6: the authApiList, `apis` of the user
 * info; the super admin's list holds every code). Buttons the user may not press are not rendered.
 */
export function useHasPermission(): (code: string) => boolean {
  const apis = useUserInfo().data?.apis;
  return useCallback((code) => !!apis?.includes(code), [apis]);
}
