import { describe, expect, it } from 'vitest';
import { ACCOUNT_NAME_PATTERN, PHONE_PATTERN } from '../account-rules.js';
import { BASE_INFO_EDITABLE } from '../personal.js';
import { AddTenantBody } from './tenant.js';
import { CreateTenantDbBody } from './tenant-db.js';
import { AddUserBody } from './user.js';
import { BaseInfoBody } from './user-profile.js';

describe('wire', () => {
  it('lets an account change about itself exactly the fields BASE_INFO_EDITABLE names', () => {
    expect(Object.keys(BaseInfoBody.properties).sort()).toEqual([...BASE_INFO_EDITABLE].sort());
  });

  it('takes account names and mobile numbers by the one rule of account-rules.ts', () => {
    const account = { minLength: 2, maxLength: 32, pattern: ACCOUNT_NAME_PATTERN };
    expect(AddUserBody.properties.account).toMatchObject(account);
    expect(AddTenantBody.properties.adminAccount).toMatchObject(account);
    expect(CreateTenantDbBody.properties.adminAccount).toMatchObject(account);
    expect(AddTenantBody.properties.phone).toMatchObject({ pattern: PHONE_PATTERN });
  });
});
