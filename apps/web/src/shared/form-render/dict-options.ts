import type { UiSchema } from '@rjsf/utils';
import { useQueries } from '@tanstack/react-query';
import { request } from '../api/client';
import type { FieldUiOptions } from './form-types';

/** An enabled item of a dictionary, as `sysDictData/dataList/{code}` answers it. */
export interface DictOption {
  value: string;
  label: string;
}

const optionsOf = (ui: UiSchema | undefined, name: string): FieldUiOptions =>
  ((ui?.[name] as UiSchema | undefined)?.['ui:options'] as FieldUiOptions | undefined) ?? {};

/** Dictionary-bound fields of a uiSchema: [field name, dictionary type code]. */
export function dictBindings(ui: UiSchema | undefined): [string, string][] {
  return Object.keys(ui ?? {})
    .filter((name) => !name.startsWith('ui:'))
    .map((name) => [name, optionsOf(ui, name).dictCode] as [string, string | undefined])
    .filter((entry): entry is [string, string] => Boolean(entry[1]));
}

/** The enabled items of each dictionary, by code, cached for a few minutes (dictionaries change rarely). */
export function useDictOptions(codes: readonly string[]) {
  const unique = [...new Set(codes)];
  const results = useQueries({
    queries: unique.map((code) => ({
      queryKey: ['dict', 'items', code],
      queryFn: () => request<DictOption[]>(`/api/sysDictData/dataList/${encodeURIComponent(code)}`),
      staleTime: 5 * 60_000,
    })),
  });
  return {
    loading: results.some((r) => r.isLoading),
    items: new Map(unique.map((code, i) => [code, results[i]?.data ?? []])),
  };
}
