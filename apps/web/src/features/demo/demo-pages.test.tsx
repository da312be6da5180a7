import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../shared/api/notify';
import { TagsControlContext, type TagsControl } from '../../shared/routing/tags-control';
import { userInfo } from '../../test/fixtures';
import { json, stubApi } from '../../test/render-app';
import { createQueryClient, Providers, renderPage } from '../../test/render-page';
import { initI18n, loadMessages } from '../../locales/i18n';
import { cropToDataUrl } from './fun/crop-image';
import ClipboardDemo from './fun/clipboard';
import CropperDemo from './fun/cropper';
import TagsViewDemo from './fun/tags-view';
import BackEndPermission from './limit/back-end';
import FrontButtonPermission from './limit/front-btn';
import FrontPagePermission from './limit/front-page';
import ParamsView from './params/params-view';
import { paramsHref } from './params/params-page';

const asUser = (apis: string[]) =>
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis })),
    'GET /api/demo/backEndPage': () =>
      apis.includes('demo:backEndPage')
        ? json({
            account: 'admin',
            roles: ['sys_admin'],
            demoCodes: apis,
            serverTime: '2026-11-25T08:00:00Z',
          })
        : json('Access denied: you do not have permission for this operation (demo:backEndPage).', 403),
  });

beforeEach(() => setNotifier({ error: vi.fn(), success: vi.fn() }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('permission demos', () => {
  it('shows the front-end page panel only with demo:frontPage', async () => {
    asUser(['demo:frontPage']);
    await renderPage(<FrontPagePermission />);
    expect(await screen.findByTestId('front-page-content')).toBeTruthy();

    document.body.innerHTML = '';
    asUser([]);
    await renderPage(<FrontPagePermission />);
    expect(await screen.findByText('Without demo:frontPage this panel is not shown.')).toBeTruthy();
    expect(screen.queryByTestId('front-page-content')).toBeNull();
  });

  it('shows each button only with its button code', async () => {
    asUser(['demo:frontBtnAdd', 'demo:frontBtnDelete']);
    await renderPage(<FrontButtonPermission />);
    const bar = await screen.findByTestId('front-buttons');
    await waitFor(() => expect(bar.querySelectorAll('button')).toHaveLength(2));
    expect(bar.textContent).toContain('Add record');
    expect(bar.textContent).toContain('Delete record');
    expect(bar.textContent).not.toContain('Edit record');
    fireEvent.click(screen.getByRole('button', { name: /Add record/ }));
    expect(screen.getByRole('status').textContent).toBe('Pressed: the button of demo:frontBtnAdd.');
  });

  it("shows the server's answer with the code, and its refusal without", async () => {
    asUser(['demo:backEndPage']);
    await renderPage(<BackEndPermission />);
    expect((await screen.findByTestId('back-end-result')).textContent).toContain('sys_admin');

    document.body.innerHTML = '';
    asUser([]);
    await renderPage(<BackEndPermission />);
    const refused = await screen.findByTestId('back-end-refused');
    expect(refused.textContent).toContain('HTTP 403');
    expect(refused.textContent).toContain('(demo:backEndPage)');
  });
});

describe('tags control', () => {
  it("lists the shell's tags and runs its actions on them", async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo()) });
    const run = vi.fn();
    const control: TagsControl = {
      currentKey: '/demo/fun/tagsView',
      run,
      tags: [
        { key: '/dashboard/home', href: '/dashboard/home', title: 'Home', affix: true },
        { key: '/demo/fun/tagsView', href: '/demo/fun/tagsView', title: 'Tags view', affix: false },
        { key: '/demo/fun/qrcode', href: '/demo/fun/qrcode', title: 'QR code', affix: false },
      ],
    };
    await renderPage(
      <TagsControlContext.Provider value={control}>
        <TagsViewDemo />
      </TagsControlContext.Provider>,
    );
    expect((await screen.findByTestId('demo-tags')).textContent).toContain('QR code');
    expect((screen.getByRole('button', { name: 'Close Home' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close QR code' }));
    expect(run).toHaveBeenLastCalledWith('close', '/demo/fun/qrcode');
    fireEvent.click(screen.getByRole('button', { name: 'Close others' }));
    expect(run).toHaveBeenLastCalledWith('closeOthers', '/demo/fun/tagsView');
    fireEvent.click(screen.getByRole('button', { name: /Refresh this page/ }));
    expect(run).toHaveBeenLastCalledWith('refresh', '/demo/fun/tagsView');
  });

  it('says so when the tags view is off', async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo()) });
    await renderPage(<TagsViewDemo />);
    expect(await screen.findByText('The tags view is switched off in the layout settings.')).toBeTruthy();
  });
});

describe('clipboard', () => {
  it('copies with the Clipboard API and pastes back', async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo()) });
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText, readText: () => Promise.resolve('from clipboard') },
    });
    await renderPage(<ClipboardDemo />);
    fireEvent.change(await screen.findByLabelText('Text to copy'), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: /Copy/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('hello'));
    expect(await screen.findByText('Copied to the clipboard.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Paste/ }));
    await waitFor(() =>
      expect((screen.getByLabelText('Pasted text') as HTMLInputElement).value).toBe('from clipboard'),
    );
  });

  it('falls back to the copy command, and asks for Ctrl+V where reading is refused', async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo()) });
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const execCommand = vi.fn().mockReturnValue(true);
    document.execCommand = execCommand;
    await renderPage(<ClipboardDemo />);
    fireEvent.click(await screen.findByRole('button', { name: /Copy/ }));
    expect(await screen.findByText('Copied (with the older copy command).')).toBeTruthy();
    expect(execCommand).toHaveBeenCalledWith('copy');
    fireEvent.click(screen.getByRole('button', { name: /Paste/ }));
    expect(await screen.findByText(/press Ctrl\+V in the box/)).toBeTruthy();
  });
});

describe('route parameters', () => {
  async function renderAt(url: string, element: ReactNode) {
    await initI18n('en');
    await loadMessages('en');
    const router = createMemoryRouter([{ path: '/demo/params/view/:id/:tagsViewName?', element }], {
      initialEntries: [url],
    });
    render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
  }

  it('builds links with a path parameter, an optional name and a query', () => {
    expect(paramsHref('1', 'a')).toBe('/demo/params/view/1?tab=a');
    expect(paramsHref('3', 'c d', 'three')).toBe('/demo/params/view/3/three?tab=c%20d');
  });

  it('shows what the route and the query carried', async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo()) });
    await renderAt(paramsHref('42', 'details', 'answer'), <ParamsView />);
    expect((await screen.findByTestId('param-id')).textContent).toBe('42');
    expect(screen.getByTestId('param-tab').textContent).toBe('details');
    expect(screen.getByTestId('param-values').textContent).toContain('answer');
  });
});

describe('image cropper', () => {
  it('renders the cropper with its controls', async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo()) });
    await renderPage(<CropperDemo />);
    expect(await screen.findByTestId('cropper')).toBeTruthy();
    expect(screen.getByText('Crop the picture to see the result here.')).toBeTruthy();
  });

  it('crops the chosen area of an image onto a canvas of its size', () => {
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
    const image = document.createElement('img');
    const url = cropToDataUrl(image, { x: 10, y: 20, width: 100.4, height: 50 });
    expect(url).toBe('data:image/png;base64,AAAA');
    expect(drawImage).toHaveBeenCalledWith(image, 10, 20, 100.4, 50, 0, 0, 100, 50);
  });
});
