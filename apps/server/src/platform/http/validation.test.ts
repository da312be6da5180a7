import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await t.login('staff')).accessToken;
});
afterAll(async () => t?.close());

/** Words of JSON Schema that a person filling in a form never needs to read. */
const SCHEMA_WORDS = /type null|of type|anyOf|oneOf|must match|pattern|\^|\$|\\d|schema/i;

const refusal = async (body: object, language = 'en') => {
  const res = await t.call('POST', '/api/sysUser/baseInfo', staff, body, { 'accept-language': language });
  expect(res.statusCode, res.body).toBe(400);
  const { message, extras } = res.json();
  return { message: message as string, errors: extras.errors as { field: string; message: string }[] };
};

describe('validation messages', () => {
  it('say one thing per field, in words, for a value that fails a nullable pattern', async () => {
    const { message, errors } = await refusal({ phone: 'abc' });
    expect(errors).toEqual([
      {
        field: 'phone',
        message: 'phone must be an 11-digit mobile number starting with 1, second digit 3 to 9.',
      },
    ]);
    expect(message).toBe(errors[0]!.message);
    expect(message).not.toMatch(SCHEMA_WORDS);
  });

  it('name the kind of value expected when it has the wrong type, never the null branch', async () => {
    const { errors } = await refusal({ phone: { number: '13912345678' }, nickName: { first: 'x' } });
    expect(errors).toEqual([
      { field: 'nickName', message: 'nickName must be text.' },
      { field: 'phone', message: 'phone must be text.' },
    ]);
  });

  it('list the allowed values of a choice once, and describe formats and character rules', async () => {
    const { errors } = await refusal({
      sex: 5,
      email: 'not-an-email',
      idCardNum: '12#4',
      realName: '',
      cultureLevel: 'high',
    });
    expect(errors).toEqual([
      { field: 'realName', message: 'realName must not be empty.' },
      { field: 'sex', message: 'sex must be one of: 0, 1, 2, 9.' },
      {
        field: 'idCardNum',
        message: 'idCardNum may contain only letters, digits, brackets and hyphens (-).',
      },
      { field: 'email', message: 'email must be an e-mail address, such as name@example.com.' },
      { field: 'cultureLevel', message: 'cultureLevel must be a whole number.' },
    ]);
    for (const error of errors) expect(error.message).not.toMatch(SCHEMA_WORDS);
  });

  it('speak the request’s language', async () => {
    const { errors } = await refusal({ phone: 'abc', birthday: 'yesterday' }, 'zh-CN');
    expect(errors).toEqual([
      { field: 'birthday', message: 'birthday 必须是真实存在的日期，格式为 YYYY-MM-DD（例如 2024-02-29）。' },
      { field: 'phone', message: 'phone 必须是以 1 开头、第二位为 3 到 9 的 11 位手机号码。' },
    ]);
  });
});
