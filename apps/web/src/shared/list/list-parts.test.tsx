import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { userInfo } from '../../test/fixtures';
import { json, stubApi } from '../../test/render-app';
import { SearchCard } from './list-parts';

interface Filter {
  name?: string;
  phone?: string;
}

function Harness({ onSearch }: { onSearch(values: Filter | undefined): void }) {
  const [form] = Form.useForm<Filter>();
  return (
    <SearchCard
      form={form}
      onSearch={onSearch}
      more={
        <Form.Item name="phone" label="Phone">
          <Input />
        </Form.Item>
      }
    >
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
    </SearchCard>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('search card', () => {
  it('keeps the advanced fields behind "More", and applies them collapsed too', async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo()) });
    const onSearch = vi.fn();
    await renderPage(<Harness onSearch={onSearch} />);
    const toggle = await screen.findByRole('button', { name: /More/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('search-more').style.display).toBe('none');

    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: /Less/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('search-more').style.display).toBe('contents');
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '138' } });
    fireEvent.click(screen.getByRole('button', { name: /Less/ }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'zh' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ name: 'zh', phone: '138' }));
  });
});
