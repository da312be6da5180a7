import type { RegionRow } from '@lintel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listRegionChildren, regionKeys } from './region-api';

/** A cascader option: the region code is the value; the row rides along for the caller. */
interface RegionOption {
  value: string;
  label: string;
  isLeaf: boolean;
  loading?: boolean;
  region: RegionRow;
  children?: RegionOption[];
}

export interface RegionCascaderProps {
  /** The codes from the province down (`['440000000000', '440300000000', '440305000000']`). */
  value?: string[];
  /** The codes and the regions they name, top first; empty when cleared. */
  onChange?(codes: string[], regions: RegionRow[]): void;
  /** The deepest level offered: 1 province, 2 prefecture, 3 county (default), 4 township. */
  maxLevel?: number;
  /** Lets a region above the deepest level be chosen (a province, a prefecture). */
  changeOnSelect?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  style?: React.CSSProperties;
  'aria-label'?: string;
}

const toOption = (region: RegionRow, maxLevel: number): RegionOption => ({
  value: region.code,
  label: region.name,
  isLeaf: !region.hasChildren || region.level >= maxLevel,
  region,
});

/** Replaces the children of the option at `path` (codes) in a copy of the tree. */
function withChildren(options: RegionOption[], path: string[], children: RegionOption[]): RegionOption[] {
  const [head, ...rest] = path;
  return options.map((option) =>
    option.value !== head
      ? option
      : rest.length === 0
        ? { ...option, loading: false, children }
        : { ...option, children: withChildren(option.children ?? [], rest, children) },
  );
}

/**
 * Picks an administrative region level by level (antd Cascader with loadData): each level is
 * fetched when opened, and a saved value loads the levels it passes through, so the field shows the
 * full name (广东省 / 深圳市 / 南山区). Usable as a Form.Item control (value / onChange).
 */
export function RegionCascader({
  value,
  onChange,
  maxLevel = 3,
  changeOnSelect,
  placeholder,
  disabled,
  id,
  style,
  'aria-label': ariaLabel,
}: RegionCascaderProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [options, setOptions] = useState<RegionOption[]>([]);
  // The tree as last rendered, for the loader below (which must not re-run when it changes).
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const children = (pid: string) =>
    queryClient.fetchQuery({
      queryKey: regionKeys.children(pid),
      queryFn: () => listRegionChildren(pid),
      staleTime: 10 * 60_000,
    });

  // The provinces, then the levels a saved value passes through.
  const wanted = (value ?? []).join(',');
  useEffect(() => {
    let live = true;
    void (async () => {
      let tree = optionsRef.current;
      if (tree.length === 0) tree = (await children('0')).map((r) => toOption(r, maxLevel));
      const codes = wanted ? wanted.split(',') : [];
      let level = tree;
      for (let i = 0; i < codes.length - 1; i++) {
        const option = level.find((o) => o.value === codes[i]);
        if (!option || option.isLeaf) break;
        if (!option.children) {
          const loaded = (await children(option.region.id)).map((r) => toOption(r, maxLevel));
          tree = withChildren(tree, codes.slice(0, i + 1), loaded);
        }
        level = tree;
        for (const code of codes.slice(0, i + 1)) level = level.find((o) => o.value === code)?.children ?? [];
      }
      if (live) setOptions(tree);
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload only when the value or depth changes
  }, [wanted, maxLevel]);

  const loadData = async (selected: RegionOption[]) => {
    const target = selected[selected.length - 1];
    if (!target || target.children) return;
    const path = selected.map((o) => o.value);
    setOptions((tree) => markLoading(tree, path));
    const loaded = (await children(target.region.id)).map((r) => toOption(r, maxLevel));
    setOptions((tree) => withChildren(tree, path, loaded));
  };

  return (
    <Cascader<RegionOption>
      id={id}
      aria-label={ariaLabel}
      style={style}
      options={options}
      value={value}
      loadData={loadData}
      changeOnSelect={changeOnSelect}
      disabled={disabled}
      allowClear
      showSearch={false}
      placeholder={placeholder ?? t('region.cascader.placeholder')}
      displayRender={(labels) => labels.join(' / ')}
      onChange={(codes, selected) =>
        onChange?.(
          (codes ?? []) as string[],
          (selected ?? []).map((o) => o.region),
        )
      }
    />
  );
}

/** Marks the option at `path` as loading (antd shows a spinner in its place). */
function markLoading(options: RegionOption[], path: string[]): RegionOption[] {
  const [head, ...rest] = path;
  return options.map((option) =>
    option.value !== head
      ? option
      : rest.length === 0
        ? { ...option, loading: true }
        : { ...option, children: markLoading(option.children ?? [], rest) },
  );
}
