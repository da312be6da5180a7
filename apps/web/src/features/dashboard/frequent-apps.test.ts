import { describe, expect, it } from 'vitest';
import { frequentApps, recordVisit } from './frequent-apps';

describe('frequent apps', () => {
  it('orders paths by visits, then by the latest visit, in local storage', () => {
    recordVisit('/system/dict', 1);
    recordVisit('/about', 2);
    recordVisit('/system/dict', 3);
    recordVisit('/system/userCenter', 4);
    expect(frequentApps()).toEqual(['/system/dict', '/system/userCenter', '/about']);
    expect(frequentApps(1)).toEqual(['/system/dict']);
    expect(localStorage.getItem('lintel:frequentApps')).toContain('/system/dict');
  });

  it('ignores the sign-in page, the root and non-paths, and survives bad stored data', () => {
    localStorage.setItem('lintel:frequentApps', '{not json');
    recordVisit('/login');
    recordVisit('/');
    recordVisit('javascript:alert(1)');
    expect(frequentApps()).toEqual([]);
    recordVisit('/about');
    expect(frequentApps()).toEqual(['/about']);
  });
});
