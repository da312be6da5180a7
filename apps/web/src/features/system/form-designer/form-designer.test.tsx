import type { FormRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import { FormDesigner } from './form-designer';

const form: FormRow = {
  id: '21',
  name: 'Survey',
  code: 'survey',
  title: null,
  description: null,
  status: 1,
  schema: { type: 'object', properties: {}, additionalProperties: false },
  uiSchema: {},
  publishedVersion: 0,
  publishedTime: null,
  draftChanged: true,
  submissionCount: 0,
  createUserName: 'Admin',
  createTime: '2026-11-24T07:00:00+00:00',
  updateTime: null,
};

let calls: { path: string; body: Record<string, unknown> }[];
beforeEach(() => {
  calls = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  const record = (path: string) => (init?: RequestInit) => {
    calls.push({ path, body: JSON.parse(String(init?.body)) });
    return json(path.endsWith('publish') ? { version: 1 } : null);
  };
  stubApi({
    'GET /api/sysAuth/userInfo': () =>
      json(userInfo({ apis: ['sysForm:update', 'sysForm:publish', 'sysForm:versions'] })),
    'GET /api/sysDictType/list': () => json([]),
    'POST /api/sysForm/update': record('update'),
    'POST /api/sysForm/publish': record('publish'),
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('form designer', () => {
  it('adds fields from the palette, sets a field required, previews it and publishes the draft', async () => {
    const changed = vi.fn();
    await renderPage(<FormDesigner form={form} onBack={vi.fn()} onChanged={changed} />);
    expect(await screen.findByText('Click a field type, or drag it here')).toBeTruthy();

    // The palette entries are buttons: a click (or Enter) adds the field at the end and selects it.
    fireEvent.click(screen.getByRole('button', { name: 'Add Text' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Drop-down' }));
    expect(screen.getByRole('button', { name: /^Drop-down/ }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: /^Text/ }));
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Full name' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Required' }));
    fireEvent.change(screen.getByLabelText('Max length'), { target: { value: '20' } });
    expect(screen.getByRole('button', { name: /^Full name/ })).toBeTruthy();

    // The preview renders the schema through the renderer; a required field refuses an empty submit.
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' }, { timeout: 5000 });
    expect(within(preview).getByLabelText(/Full name/)).toBeTruthy();
    fireEvent.submit(preview.querySelector('form')!);
    expect(await within(preview).findByText('Required')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Publish/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/becomes version 1/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Publish/ }));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['update', 'publish']));

    const saved = calls[0]!.body as { schema: Record<string, unknown>; uiSchema: Record<string, unknown> };
    expect(saved.schema).toEqual({
      type: 'object',
      properties: {
        input1: { title: 'Full name', type: 'string', maxLength: 20 },
        select1: { title: 'Drop-down', type: 'string', enum: ['1', '2'] },
      },
      required: ['input1'],
    });
    expect(saved.uiSchema['ui:order']).toEqual(['input1', 'select1']);
    expect(saved.uiSchema.select1).toMatchObject({
      'ui:widget': 'select',
      'ui:enumNames': ['Drop-down 1', 'Drop-down 2'],
    });
    expect(calls[1]!.body).toEqual({ id: '21' });
    expect(changed).toHaveBeenCalled();
  }, 60_000);
});
