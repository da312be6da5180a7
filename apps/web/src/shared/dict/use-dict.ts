import { useQuery } from '@tanstack/react-query';
import { request } from '../api/client';

/** An enabled item of a dictionary (SPEC 3 "Dict item"). */
export interface DictItem {
  value: string;
  label: string;
  tagType: string | null;
  code: string | null;
}

/** The enabled items of one dictionary, cached for the session (dictionaries change rarely). */
export function useDict(code: string) {
  return useQuery({
    queryKey: ['dict', code],
    queryFn: () => request<DictItem[]>('/api/sysDictType/dataList', { query: { Code: code } }),
    staleTime: 5 * 60_000,
  });
}

/** antd Tag colours for the dictionary tag types of SPEC 9. */
export const TAG_COLOURS: Record<string, string> = {
  success: 'success',
  warning: 'warning',
  info: 'default',
  primary: 'processing',
  danger: 'error',
};
