import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Views by the component path the server's menu tree names. A menu whose component is not listed
 * here gets no route, so opening it shows the not-found page instead of a placeholder.
 */
export const VIEWS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/home/index': lazy(() => import('../../features/dashboard/home-page')),
};
