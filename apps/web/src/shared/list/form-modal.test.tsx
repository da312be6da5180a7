import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { userInfo } from '../../test/fixtures';
import { stubApi } from '../../test/render-app';
import { request } from '../api/client';
import { serverFieldErrors } from '../api/field-errors';
import { ApiError } from '../api/api-error';
import { setNotifier } from '../api/notify';
import { FormModal } from './form-modal';

interface Values {
  account: string;
  phone: string;
}

const PHONE_MESSAGE = 'phone must be an 11-digit mobile number starting with 1, second digit 3 to 9.';
const refusal = () =>
  new Response(
    JSON.stringify({
      code: 400,
      type: 'error',
      message: PHONE_MESSAGE,
      result: null,
      extras: { errors: [{ field: 'phone', message: PHONE_MESSAGE }] },
    }),
    { status: 400, headers: { 'content-type': 'application/json' } },
  );

function Harness({ okText }: { okText?: string }) {
  const [form] = Form.useForm<Values>();
  return (
    <FormModal<Values>
      values={{ account: 'staff', phone: '123' }}
      title="Edit"
      form={form}
      okText={okText}
      onSubmit={(values) => request('/api/sysUser/update', { method: 'POST', body: values })}
      onClose={() => undefined}
    >
      <Form.Item name="account" label="Account">
        <Input />
      </Form.Item>
      <Form.Item name="phone" label="Phone number">
        <Input />
      </Form.Item>
    </FormModal>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('form dialog', () => {
  it('shows the server’s message for a field under that field, and stays open', async () => {
    const toast = vi.fn();
    setNotifier({ error: toast, success: vi.fn() });
    stubApi({
      'GET /api/sysAuth/userInfo': () => Response.json({ code: 200, result: userInfo() }),
      'POST /api/sysUser/update': refusal,
    });
    await renderPage(<Harness />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      within(dialog)
        .getByText(/^Save$/)
        .closest('button')!,
    );
    const phone = within(dialog).getByLabelText('Phone number').closest('.ant-form-item')!;
    await waitFor(() => expect(within(phone as HTMLElement).getByText(PHONE_MESSAGE)).toBeTruthy());
    const account = within(dialog).getByLabelText('Account').closest('.ant-form-item')!;
    expect(within(account as HTMLElement).queryByText(PHONE_MESSAGE)).toBeNull();
    expect(toast).toHaveBeenCalledWith(PHONE_MESSAGE);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('names its button by what it does when told', async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => Response.json({ code: 200, result: userInfo() }) });
    await renderPage(<Harness okText="Send" />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^Send$/)).toBeTruthy();
    expect(within(dialog).queryByText(/^Save$/)).toBeNull();
  });
});

describe('server field errors', () => {
  it('reads the fields of a validation refusal as antd name paths', () => {
    const error = new ApiError('x', 400, 400, {
      extras: {
        errors: [
          { field: 'phone', message: 'a' },
          { field: 'extOrgIdList[1].orgId', message: 'b' },
          { field: 3, message: 'not a field' },
        ],
      },
    });
    expect(serverFieldErrors(error)).toEqual([
      { name: ['phone'], errors: ['a'] },
      { name: ['extOrgIdList', 1, 'orgId'], errors: ['b'] },
    ]);
    expect(serverFieldErrors(new Error('x'))).toEqual([]);
  });
});
