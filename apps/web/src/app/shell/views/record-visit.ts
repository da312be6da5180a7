import { recordVisit } from '../../../features/dashboard/frequent-apps';

/** The dashboard's "frequently used apps" learns from every page the shell shows. */
export function recordPageVisit(path: string): void {
  recordVisit(path);
}
