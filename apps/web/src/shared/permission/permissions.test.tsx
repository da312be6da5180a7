import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../session/session-api';
import { Auth, AuthAll, AuthAny } from './permissions';

function withApis(apis: string[], ui: ReactNode) {
  const client = new QueryClient();
  client.setQueryData(sessionKeys.userInfo, { apis });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('permission elements (SPEC 6)', () => {
  it('Auth keeps its children only with the one permission', () => {
    withApis(
      ['sysOrg:add'],
      <>
        <Auth value="sysOrg:add">
          <span>add</span>
        </Auth>
        <Auth value="sysOrg:delete">
          <span>delete</span>
        </Auth>
      </>,
    );
    expect(screen.queryByText('add')).not.toBeNull();
    expect(screen.queryByText('delete')).toBeNull();
  });

  it('AuthAll needs every permission, AuthAny one of them', () => {
    withApis(
      ['sysUser:add', 'sysUser:update'],
      <>
        <AuthAll value={['sysUser:add', 'sysUser:update']}>
          <span>all-ok</span>
        </AuthAll>
        <AuthAll value={['sysUser:add', 'sysUser:delete']}>
          <span>all-missing</span>
        </AuthAll>
        <AuthAny value={['sysUser:delete', 'sysUser:update']}>
          <span>any-ok</span>
        </AuthAny>
        <AuthAny value={['sysUser:delete', 'sysUser:export']}>
          <span>any-missing</span>
        </AuthAny>
      </>,
    );
    expect(screen.queryByText('all-ok')).not.toBeNull();
    expect(screen.queryByText('all-missing')).toBeNull();
    expect(screen.queryByText('any-ok')).not.toBeNull();
    expect(screen.queryByText('any-missing')).toBeNull();
  });
});
