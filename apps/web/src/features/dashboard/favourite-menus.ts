import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/client';

/** The account's favourite pages (sysUserMenu), kept on the server so they follow the account. */
const KEY = ['sysUserMenu', 'ids'] as const;

const favouriteIds = () => request<string[]>('/api/sysUserMenu/userMenuIdList');
/** Admin.NET's add sets the whole list, in order. */
const setFavourites = (menuIdList: string[]) =>
  request<null>('/api/sysUserMenu/add', { method: 'POST', body: { menuIdList } });
const removeFavourites = (menuIdList: string[]) =>
  request<null>('/api/sysUserMenu/deleteUserMenu', { method: 'POST', body: { menuIdList } });

export function useFavouriteMenus() {
  const queryClient = useQueryClient();
  const ids = useQuery({ queryKey: KEY, queryFn: favouriteIds });
  const toggle = useMutation({
    mutationFn: async (menuId: string) => {
      const current = ids.data ?? [];
      if (current.includes(menuId)) await removeFavourites([menuId]);
      else await setFavourites([...current, menuId]);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  return {
    ids: ids.data ?? [],
    isFavourite: (menuId: string) => (ids.data ?? []).includes(menuId),
    toggle: (menuId: string) => toggle.mutate(menuId),
    busy: toggle.isPending,
  };
}
