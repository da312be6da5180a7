import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuTreeNode } from '../session/types';

/**
 * A route's display name: the translation of `routes.<name>`, else the title a module's own locale
 * files give it (`<name>.title`, as generated modules have), else the title the server stored.
 */
export function useRouteTitle(): (node: MenuTreeNode) => string {
  const { t } = useTranslation();
  return useCallback(
    (node) =>
      node.name
        ? t([`routes.${node.name}`, `${node.name}.title`], { defaultValue: node.meta.title })
        : node.meta.title,
    [t],
  );
}
