import { DEFAULT_TENANT_ID, Status } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { tenantPolicy } from './tenant.policy.js';

describe('tenant policy', () => {
  it('never disables or deletes the default tenant', () => {
    expect(refusal(() => tenantPolicy.assertStatus(DEFAULT_TENANT_ID, Status.Disable))).toBe(
      'tenant.defaultProtected',
    );
    expect(refusal(() => tenantPolicy.assertStatus(DEFAULT_TENANT_ID, Status.Enable))).toBeUndefined();
    expect(refusal(() => tenantPolicy.assertStatus('1300000000002', Status.Disable))).toBeUndefined();
    expect(refusal(() => tenantPolicy.assertDeletable(DEFAULT_TENANT_ID))).toBe('tenant.defaultProtected');
    expect(refusal(() => tenantPolicy.assertDeletable('1300000000002'))).toBeUndefined();
  });

  it('keeps the isolation type and the database a tenant was given', () => {
    const shared = { tenantType: 0, connection: null };
    const own = { tenantType: 1, connection: 'postgres://db/t' };
    expect(refusal(() => tenantPolicy.assertIsolationKept(shared, own))).toBe('tenantdb.typeFixed');
    expect(
      refusal(() => tenantPolicy.assertIsolationKept(own, { tenantType: 1, connection: 'postgres://db/u' })),
    ).toBe('tenantdb.connectionFixed');
    expect(
      refusal(() => tenantPolicy.assertIsolationKept({ ...own, connection: ' postgres://db/t ' }, own)),
    ).toBe(undefined);
  });
});
