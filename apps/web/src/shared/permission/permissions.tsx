import { useCallback, useMemo, type ReactNode } from 'react';
import { useUserInfo } from '../session/use-session';

export interface PermissionCheck {
  /** Holds this one button permission. */
  has(code: string): boolean;
  /** Holds every one of these. */
  hasAll(codes: readonly string[]): boolean;
  /** Holds at least one of these. */
  hasAny(codes: readonly string[]): boolean;
}

/**
 * The button permissions of the signed-in user (SPEC 6: the authApiList, `apis` of the user info;
 * the super admin's list holds every code). The server enforces the same codes on every route:
 * hiding a button is for the user's sake, not the security boundary.
 */
export function usePermissions(): PermissionCheck {
  const apis = useUserInfo().data?.apis;
  const set = useMemo(() => new Set(apis ?? []), [apis]);
  const has = useCallback((code: string) => set.has(code), [set]);
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
export function Auth({ value, children }: { value: string; children: ReactNode }) {
  return usePermissions().has(value) ? children : null;
}

export function AuthAll({ value, children }: { value: readonly string[]; children: ReactNode }) {
  return usePermissions().hasAll(value) ? children : null;
}

export function AuthAny({ value, children }: { value: readonly string[]; children: ReactNode }) {
  return usePermissions().hasAny(value) ? children : null;
}
