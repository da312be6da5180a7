import { createContext, useContext } from 'react';
import type { MenuTreeNode } from '../session/types';

export type AppPagesOf = (tree: readonly MenuTreeNode[], roles: readonly string[]) => MenuTreeNode[];

/**
 * The pages of a menu tree that open a view in this build (the dashboard's "all apps" shortcuts).
 * Which views exist is the app's knowledge (its view table, which imports the features), so the app
 * provides the function (app/providers.tsx) and features ask for it here.
 */
export const AppPagesContext = createContext<AppPagesOf>(() => []);

export const useAppPagesOf = (): AppPagesOf => useContext(AppPagesContext);
