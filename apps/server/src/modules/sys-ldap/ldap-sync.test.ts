import { Status } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { planDeparted, type LinkedAccount } from './ldap-sync.js';

const linked = (account: string, status: number = Status.Enable): LinkedAccount => ({
  id: `id-${account}`,
  account,
  realName: null,
  email: null,
  orgId: null,
  employeeId: null,
  superAdmin: false,
  status,
  linkedAs: account,
  linkedDn: `uid=${account},dc=test`,
});
const person = (account: string) => ({
  dn: `uid=${account},dc=test`,
  account,
  name: null,
  mail: null,
  employeeId: null,
});

describe('planDeparted: who left the directory', () => {
  it('names the enabled linked accounts the directory no longer holds, whatever the case', () => {
    const gone = planDeparted(
      [person('ANN')],
      [linked('ann'), linked('bob'), linked('cat', Status.Disable)],
      true,
    );
    expect(gone.map((a) => a.account)).toEqual(['bob']);
  });

  it('disables nobody when the reading may be partial or found nobody at all', () => {
    expect(planDeparted([person('ann')], [linked('bob')], false)).toEqual([]);
    // A wrong base DN or filter reads no one: that is not everybody leaving.
    expect(planDeparted([], [linked('bob')], true)).toEqual([]);
  });
});
