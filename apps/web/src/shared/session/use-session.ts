import { useQuery } from '@tanstack/react-query';
import { fetchMenuTree, fetchUserInfo, sessionKeys } from './session-api';

/** Loaded once per session by the route guard; pages read the cached copy. */
export const useUserInfo = () =>
  useQuery({ queryKey: sessionKeys.userInfo, queryFn: fetchUserInfo, staleTime: Infinity });

/** The menu tree is asked for only after the user info arrived (SPEC 2: user info, then menus). */
export const useMenuTree = (enabled = true) =>
  useQuery({ queryKey: sessionKeys.menuTree, queryFn: fetchMenuTree, staleTime: Infinity, enabled });
