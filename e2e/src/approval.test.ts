import { AccountType } from '@lintel/contracts';
import smCrypto from 'sm-crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, screenshot } from './browser.js';
import { api, DEMO_PASSWORD, signedInPage, tokenOf } from './session.js';

const baseUrl = inject('baseUrl');
const TENANT_ID = '1300000000001';
const ROOT_ORG = '1300000000201';
/** The seeded "department and below" role: ordinary staff, who start with the personal approval pages. */
const STAFF_ROLE = '1300000000402';
const STAMP = Date.now() % 100_000;
const REQUESTER = `e2e.req${STAMP}`;
const MANAGER = `e2e.mgr${STAMP}`;
const DIRECTOR = `e2e.dir${STAMP}`;
const FLOW = `E2E purchase ${STAMP}`;
const FORM_CODE = `e2ebuy${STAMP}`;

/** Waits for a request's drawer to finish sliding in, with its answers rendered (the form loads lazily). */
async function settled(page: Page) {
  const drawer = page.locator('.ant-drawer-open');
  await expect.poll(() => drawer.getByLabel('Item').inputValue()).toBe('Monitor');
  const panel = drawer.getByRole('dialog');
  await expect
    .poll(async () => {
      const box = await panel.boundingBox();
      return box ? Math.round(box.x + box.width) : 0;
    })
    .toBe(page.viewportSize()!.width);
  return drawer;
}

/** Opens a request from the to-do list and approves it with a comment. */
async function approveFromTodo(page: Page, comment: string, shot?: string) {
  await page.goto(`${baseUrl}/approvalFlow/todo`);
  await page
    .getByRole('row', { name: new RegExp(FLOW) })
    .getByRole('button', { name: 'Handle' })
    .click();
  const drawer = await settled(page);
  await drawer.getByRole('textbox', { name: 'Comment' }).fill(comment);
  if (shot) {
    await screenshot(page, shot);
    await expectAccessible(page, 'approval to-do', '.ant-drawer-open');
  }
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await drawer.waitFor({ state: 'hidden' });
  await page.getByRole('row', { name: new RegExp(FLOW) }).waitFor({ state: 'detached' });
}

/** Picks an account in the designer's account picker by typing its name. */
async function pickAccount(dialog: ReturnType<Page['getByRole']>, page: Page, account: string) {
  const picker = dialog.getByRole('combobox', { name: 'Accounts' });
  await picker.click();
  await picker.fill(account);
  await page.locator('.ant-select-item-option', { hasText: account }).first().click();
  // Closes the list (Escape would close the dialog too).
  await dialog.getByText('Properties', { exact: true }).click();
}

/**
 * Issue 14, the approval flow end to end: the administrator designs a two-step flow bound to a
 * published form, a staff account of this suite files a request, each approver approves it from
 * the to-do list, and the requester sees it approved, with a message in the inbox.
 */
describe('data approval', () => {
  let browser: Browser;
  let admin: Page;
  let token: string;
  let formId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await signedInPage(browser, 'admin');
    token = await tokenOf(admin);
    const { publicKey } = await api<{ publicKey: string }>(`/api/sysTenant/sysInfo/${TENANT_ID}`);
    for (const [account, realName] of [
      [REQUESTER, 'E2E Requester'],
      [MANAGER, 'E2E Manager'],
      [DIRECTOR, 'E2E Director'],
    ])
      await api('/api/sysUser/add', token, {
        account,
        realName,
        orgId: ROOT_ORG,
        accountType: AccountType.NormalUser,
        roleIdList: [STAFF_ROLE],
        password: smCrypto.sm2.doEncrypt(DEMO_PASSWORD, publicKey, 1),
      });
    formId = await api<string>('/api/sysForm/add', token, {
      name: `E2E purchase form ${STAMP}`,
      code: FORM_CODE,
      schema: {
        type: 'object',
        properties: {
          item: { type: 'string', title: 'Item', minLength: 1 },
          amount: { type: 'number', title: 'Amount', minimum: 0 },
        },
        required: ['item'],
        additionalProperties: false,
      },
      uiSchema: {},
    });
    await api('/api/sysForm/publish', token, { id: formId });
  });

  afterAll(async () => {
    // The suite's server is shared: this suite's flow, form and accounts go.
    if (token) {
      const flows = await api<{ items: { id: string; name: string }[] }>('/api/approvalFlow/page', token, {
        keyword: FLOW,
      }).catch(() => ({ items: [] }));
      for (const flow of flows.items)
        await api('/api/approvalFlow/delete', token, { id: flow.id }).catch(() => {});
      if (formId) await api('/api/sysForm/delete', token, { id: formId }).catch(() => {});
      for (const account of [REQUESTER, MANAGER, DIRECTOR]) {
        const users = await api<{ items: { id: string; account: string }[] }>('/api/sysUser/page', token, {
          account,
        });
        for (const user of users.items.filter((u) => u.account === account))
          await api('/api/sysUser/delete', token, { id: user.id });
      }
    }
    await browser?.close();
  });

  it('is designed, requested, approved in two steps from the to-do lists, and seen approved', async () => {
    await admin.goto(`${baseUrl}/approvalFlow/flow`);
    await admin.getByRole('button', { name: /Add$/ }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Name').fill(FLOW);
    await dialog.getByRole('combobox', { name: 'Form' }).click();
    await admin.locator('.ant-select-item-option', { hasText: `E2E purchase form ${STAMP}` }).click();

    // The starter graph: Start → Approver → End. The approver becomes the manager's step.
    const canvas = dialog.getByRole('region', { name: 'Flow diagram' });
    await canvas.locator('.react-flow__node', { hasText: 'Approver' }).click();
    await dialog.getByLabel('Node name').fill('Manager');
    await pickAccount(dialog, admin, MANAGER);
    // A second approver from the palette, connected Manager → Director → End.
    await dialog.getByRole('button', { name: 'Approver', exact: true }).click();
    await dialog.getByLabel('Node name').fill('Director');
    await pickAccount(dialog, admin, DIRECTOR);
    await dialog.getByRole('combobox', { name: 'Connect to' }).click();
    await admin.locator('.ant-select-item-option', { hasText: 'End' }).click();
    await canvas.locator('.react-flow__pane').click({ position: { x: 10, y: 10 } });
    await dialog.getByRole('button', { name: 'Manager → End' }).click();
    await dialog.getByRole('button', { name: 'Delete connection' }).click();
    await canvas.locator('.react-flow__node', { hasText: 'Manager' }).click();
    await dialog.getByRole('combobox', { name: 'Connect to' }).click();
    await admin.locator('.ant-select-item-option', { hasText: 'Director' }).click();
    await expect.poll(() => canvas.locator('.react-flow__edge').count()).toBe(3);
    await admin
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .waitFor({ state: 'hidden', timeout: 3000 })
      .catch(() => {});
    await screenshot(admin, 'approval-designer');
    await expectAccessible(admin, 'approval designer', '.ant-modal-wrap');
    await dialog.getByRole('button', { name: /Save/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByRole('cell', { name: FLOW }).waitFor();

    // The requester files a request through the bound form.
    const requester = await signedInPage(browser, REQUESTER);
    await requester.goto(`${baseUrl}/approvalFlow/mine`);
    await requester.getByRole('button', { name: /New request/ }).click();
    const filing = requester.getByRole('dialog');
    await filing.getByRole('combobox', { name: 'Choose a flow' }).click();
    await requester.locator('.ant-select-item-option', { hasText: FLOW }).click();
    await filing.getByLabel('Item').fill('Monitor');
    await filing.getByLabel('Amount').fill('320');
    await screenshot(requester, 'approval-request');
    await expectAccessible(requester, 'approval request form', '.ant-modal-wrap');
    await filing.getByRole('button', { name: 'Submit' }).click();
    await filing.waitFor({ state: 'hidden' });
    await requester
      .getByRole('row', { name: new RegExp(FLOW) })
      .getByText('Pending')
      .waitFor();

    // Each approver approves from the to-do list, in turn.
    const manager = await signedInPage(browser, MANAGER);
    await approveFromTodo(manager, 'Within budget', 'approval-todo');
    const director = await signedInPage(browser, DIRECTOR);
    await approveFromTodo(director, 'Go ahead');

    // The requester sees it approved, with both decisions in the history and a message in the inbox.
    await requester.reload();
    const row = requester.getByRole('row', { name: new RegExp(FLOW) });
    await row.getByText('Approved').waitFor();
    await row.getByRole('button', { name: 'Details' }).click();
    const drawer = await settled(requester);
    await drawer.getByText('Go ahead').waitFor();
    expect(await drawer.getByText('Within budget').count()).toBe(1);
    await screenshot(requester, 'approval-approved');
    await expectAccessible(requester, 'approval detail', '.ant-drawer-open');
    const inbox = await api<{ items: { title: string }[] }>(
      '/api/sysMessage/pageReceived',
      await tokenOf(requester),
      {},
    );
    expect(inbox.items.map((m) => m.title)).toContain(`Approved: ${FLOW}`);
  });
});
