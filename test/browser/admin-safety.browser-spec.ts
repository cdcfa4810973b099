import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, newPage, screenshot } from './support/browser';
import { adminApiToken, signInAdminByApi } from './support/admin';
import { call, login } from './support/accounts';

/**
 * Issue 14, admin safety in the SPA's admin screens: blocking and deleting a user and rejecting a
 * transaction each ask first, in a dialog naming the user and the effect; Cancel changes nothing; a refused
 * delete says why (the server's message) beside the seed's toast. The KYC change and approving a deposit are
 * clicked through in journey.browser-spec.ts, the balance adjustment and the impersonation round trip in
 * spa-quality.browser-spec.ts. Every effect is checked through the API, not only on screen.
 */
describe('admin safety: confirmations naming the user and the effect, a refused delete says why (Chromium)', () => {
  const suffix = Date.now().toString(36);
  const blockMe = { username: `block_${suffix}`, firstname: 'Bo', lastname: 'Lock', email: `block_${suffix}@mirrorline.test`, password: 'a-strong-password' };
  const funded = { username: `funded_${suffix}`, firstname: 'Fun', lastname: 'Ded', email: `funded_${suffix}@mirrorline.test`, password: 'a-strong-password' };
  const depositor = { username: `depositor_${suffix}`, firstname: 'De', lastname: 'Positor', email: `depositor_${suffix}@mirrorline.test`, password: 'a-strong-password' };
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const ids: Record<string, string> = {};
  let depositId: string;

  /** The user as the admin API lists it (undefined once deleted). */
  const userNamed = async (username: string) =>
    ((await call(`/user/get-all?search=${username}`, { token })).users as Array<{ _id: string; username: string; blocked: boolean }>).find((u) => u.username === username);

  const userRow = (username: string) => page.getByRole('row', { name: `User ${username}` });
  async function openUser(username: string): Promise<void> {
    await page.goto('/admindashboard/usermanagement');
    await page.getByLabel('Search users').fill(username);
    await page.getByLabel('Search users').press('Enter');
    await userRow(username).waitFor();
  }

  beforeAll(async () => {
    token = await adminApiToken();
    for (const who of [blockMe, funded, depositor]) {
      const created = await call('/user/create', { method: 'POST', token, body: who });
      ids[who.username] = created.user._id;
    }
    // money on the account: the delete is refused (USERS.HAS_FUNDS). An approved deposit (a balance adjustment
    // would wait for a second admin's approval: four eyes, product.md §11.4)
    await call('/user/update', { method: 'PATCH', token, body: { userId: ids[funded.username], KYC: 'Verified' } });
    const funding = await call('/wallet/deposit', { method: 'POST', token: await login(funded.email, funded.password), body: { amount: '10.00' }, idempotent: true });
    await call(`/admin/transactions/${funding.id}/approve`, { method: 'POST', token, idempotent: true });
    // a pending deposit to reject
    await call('/user/update', { method: 'PATCH', token, body: { userId: ids[depositor.username], KYC: 'Verified' } });
    const deposit = await call('/wallet/deposit', { method: 'POST', token: await login(depositor.email, depositor.password), body: { amount: '75.00' }, idempotent: true });
    depositId = deposit.id;

    browser = await launch();
    ({ context, page } = await newPage(browser));
    await signInAdminByApi(context);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('Block asks first, naming the user and the effect; Cancel leaves the user as they were, Block blocks', async () => {
    await openUser(blockMe.username);
    const ask = async () => {
      await userRow(blockMe.username).getByRole('button', { name: 'Block', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Block ${blockMe.username}?` });
      await dialog.getByText(`${blockMe.username} (${blockMe.email}) is signed out everywhere and cannot sign in until unblocked`, { exact: false }).waitFor();
      return dialog;
    };
    let dialog = await ask();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await userNamed(blockMe.username))?.blocked).toBe(false);

    dialog = await ask();
    await screenshot(page, 'admin-block-confirmation');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await userRow(blockMe.username).getByText('Blocked', { exact: true }).waitFor();
    expect((await userNamed(blockMe.username))?.blocked).toBe(true);
  });

  it('Delete asks first; a user who still holds money is not deleted and the dialog says why (the server\'s message)', async () => {
    await openUser(funded.username);
    await userRow(funded.username).getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${funded.username}?` });
    await dialog.getByText(`${funded.username} (${funded.email}) is deleted for good`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('alert').getByText('The account still holds money: withdraw or move it before deleting the account').waitFor();
    // beside the seed's toast
    await page.getByText('Sorry an error occured. Refresh!').first().waitFor();
    await screenshot(page, 'admin-delete-refused');
    expect((await userNamed(funded.username))?._id).toBe(ids[funded.username]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await userRow(funded.username).waitFor();
  });

  it('Delete, confirmed, deletes a user without money or copies', async () => {
    await openUser(blockMe.username);
    await userRow(blockMe.username).getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${blockMe.username}?` });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await userRow(blockMe.username).waitFor({ state: 'detached' });
    expect(await userNamed(blockMe.username)).toBeUndefined();
  });

  it('Reject asks first, naming the user and the effect; Cancel leaves it Pending, Reject rejects', async () => {
    const status = async () => ((await call(`/admin/transactions?userId=${ids[depositor.username]}`, { token })).transactions as Array<{ id: string; status: string }>).find((t) => t.id === depositId)?.status;
    await page.goto('/admindashboard/transactionmanagement');
    const row = page.getByRole('row', { name: `deposit of ${depositor.username}` });
    const ask = async () => {
      await row.getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog', { name: `Reject the deposit of ${depositor.username}?` });
      await dialog.getByText(`${depositor.username} (${depositor.email}) is not credited the $75.00 deposit.`).waitFor();
      return dialog;
    };
    let dialog = await ask();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await status()).toBe('Pending');

    dialog = await ask();
    await screenshot(page, 'admin-reject-confirmation');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    expect(await status()).toBe('Rejected');
  });
});
