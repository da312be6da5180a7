import type { PermissionCode } from '@lintel/contracts';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useUserInfo } from '../session/use-session';

export interface PermissionCheck {
  /** Holds this one button permission (a code of the typed registry: a typo fails tsc). */
  has(code: PermissionCode): boolean;
  /** Holds every one of these. */
  hasAll(codes: readonly PermissionCode[]): boolean;
  /** Holds at least one of these. */
  hasAny(codes: readonly PermissionCode[]): boolean;
}

/**
 * The button permissions of the signed-in user (SPEC 6: the authApiList, `apis` of the user info;
 * the super admin's list holds every code). The server enforces the same codes on every route:
 * hiding a button is for the user's sake, not the security boundary.
 */
export function usePermissions(): PermissionCheck {
  const apis = useUserInfo().data?.apis;
  const set = useMemo(() => new Set<string>(apis ?? []), [apis]);
  const has = useCallback((code: PermissionCode) => set.has(code), [set]);
  return useMemo(
    () => ({
      has,
      hasAll: (codes) => codes.every(has),
      hasAny: (codes) => codes.some(has),
    }),
    [has],
  );
}

/** The three checks of SPEC 6 as elements: the children are removed when the check fails. */
export function Auth({ value, children }: { value: PermissionCode; children: ReactNode }) {
  return usePermissions().has(value) ? children : null;
}

export function AuthAll({ value, children }: { value: readonly PermissionCode[]; children: ReactNode }) {
  return usePermissions().hasAll(value) ? children : null;
}

export function AuthAny({ value, children }: { value: readonly PermissionCode[]; children: ReactNode }) {
  return usePermissions().hasAny(value) ? children : null;
}
