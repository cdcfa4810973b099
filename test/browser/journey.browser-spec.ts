import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { codeMailedTo, launch, newPage, screenshot, until } from './support/browser';
import { signInAdmin } from './support/admin';
import { signIn } from './support/accounts';

// A 1×1 PNG: real image bytes, so the server's content check (magic bytes) accepts it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const suffix = randomBytes(3).toString('hex');
const user = { username: `copier_${suffix}`, first: 'Cora', last: 'Copier', email: `copier_${suffix}@example.test`, password: 'copier-password-1' };
const trader = { username: `trader_${suffix}`, first: 'Tess', last: `Trend${suffix}`, email: `trader_${suffix}@example.test`, password: 'trader-password-1' };
const traderName = `${trader.first} ${trader.last}`;

const toast = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();

/**
 * The product end to end in Chromium, as three people at once: an admin, a new user and a trader.
 * Each step uses the real pages and the real API; the OTP code comes out of the mail the server sent.
 */
describe('the copy-trading journey (Chromium against the real server)', () => {
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let copier: { context: BrowserContext; page: Page };
  let trading: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    browser = await launch();
    admin = await newPage(browser);
    copier = await newPage(browser);
    trading = await newPage(browser);
  });
  afterAll(() => browser?.close());

  it('a visitor browses the demo traders', async () => {
    const { page } = copier;
    await page.goto('/traders');
    await page.getByRole('link', { name: /^View profile of / }).first().waitFor();
    expect(await page.getByRole('link', { name: /^View profile of / }).count()).toBeGreaterThanOrEqual(8);
    await screenshot(page, 'traders');
    await page.getByRole('link', { name: /^View profile of / }).first().click();
    await page.waitForURL(/\/traderinfo\/\d+/);
    await page.getByRole('button', { name: 'Copy trader' }).waitFor();
    await screenshot(page, 'trader-details');
  });

  it('the admin creates a trader account', async () => {
    const { page } = admin;
    // Admins must have 2FA (product.md §10): the first sign-in of the run enrols, later ones give the code.
    await signInAdmin(page);
    await page.goto('/admindashboard/usermanagement');
    const form = page.getByRole('form', { name: /create user/i });
    await form.getByLabel('Username', { exact: true }).fill(trader.username);
    await form.getByLabel('First name', { exact: true }).fill(trader.first);
    await form.getByLabel('Last name', { exact: true }).fill(trader.last);
    await form.getByLabel('Email', { exact: true }).fill(trader.email);
    await form.getByLabel('Password', { exact: true }).fill(trader.password);
    await form.getByLabel('Trader', { exact: true }).check();
    await form.getByRole('button', { name: 'Create user' }).click();
    await toast(page, 'User created successfully');
    await page.getByRole('row', { name: `User ${trader.username}` }).waitFor();
    await screenshot(page, 'admin-user-management');
  });

  it('a new user registers and verifies the emailed code, which signs them in (no second password entry)', async () => {
    const { page } = copier;
    const before = Date.now();
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Username', { exact: true }).fill(user.username);
    await form.getByLabel('First name', { exact: true }).fill(user.first);
    await form.getByLabel('Last name', { exact: true }).fill(user.last);
    await form.getByLabel('Email', { exact: true }).fill(user.email);
    await form.getByLabel('Password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/otpverification/);
    const code = await codeMailedTo(user.email, before);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Verification code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    // Verified = signed in: the dashboard, the first visit's "Welcome", no password asked again.
    await page.waitForURL(/\/userdashboard$/);
    await page.getByRole('navigation', { name: 'Dashboard menu' }).waitFor();
    await page.getByRole('heading', { name: new RegExp(`^Welcome, ${user.first}`), level: 1 }).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    // The session survives a reload (the refresh cookie came with the verification).
    await page.reload();
    await page.getByRole('navigation', { name: 'Dashboard menu' }).waitFor();
    await screenshot(page, 'user-dashboard');
  });

  it('the user is refused the admin dashboard (role gate → /signin, with the sign-in form and why)', async () => {
    const { page } = copier;
    await page.goto('/admindashboard');
    await page.waitForURL(/\/signin/);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.waitFor();
    expect(await form.getByLabel('Email', { exact: true }).isVisible()).toBe(true);
    await page.getByText(/Your account .* cannot open \/admindashboard/).waitFor();
  });

  it('the user uploads KYC documents and is Pending', async () => {
    const { page } = copier;
    await page.goto('/userdashboard/kycverification');
    const form = page.getByRole('form', { name: 'Upload documents' });
    await form.getByLabel('Document type', { exact: true }).selectOption('passport');
    await form.getByLabel('Document number', { exact: true }).fill('X1234567');
    await form.getByLabel('Front of the document', { exact: true }).setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
    await form.getByLabel('Selfie holding the document', { exact: true }).setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Upload documents' }).click();
    // the badge in the status card, not the toast ("… Verification is pending.")
    await page.getByRole('region', { name: 'Status' }).getByText('Pending', { exact: true }).waitFor();
    await screenshot(page, 'kyc-pending');
  });

  it('the admin verifies the KYC of the user and of the trader, who is listed only from then on', async () => {
    const { page } = admin;
    const listed = async () => {
      const res = await page.request.get(`/api/traders?search=${encodeURIComponent(traderName)}`);
      return ((await res.json()) as { total: number }).total;
    };
    expect(await listed()).toBe(0);
    await page.goto('/admindashboard/usermanagement');
    for (const who of [user.username, trader.username]) {
      await page.getByRole('combobox', { name: `KYC status of ${who}` }).selectOption('Verified');
      // the confirmation names the user and the effect
      const dialog = page.getByRole('dialog', { name: `Set the KYC status of ${who} to Verified?` });
      await dialog.getByText(`${who} (`).waitFor();
      await dialog.getByRole('button', { name: 'Set Verified' }).click();
      await toast(page, 'KYC status updated successfully');
      await dialog.waitFor({ state: 'detached' });
    }
    // listed as soon as the last PATCH committed (the KYC change drops the public cache)
    await until(async () => (await listed()) === 1, `${traderName} is listed`);
    expect(await listed()).toBe(1);
  });

  it('the user deposits and the admin approves it', async () => {
    await copier.page.goto('/userdashboard/wallet');
    const deposit = copier.page.getByRole('form', { name: /deposit/i });
    await deposit.getByLabel('Amount', { exact: true }).fill('1000.00');
    await deposit.getByRole('button', { name: 'Deposit' }).click();
    await copier.page.getByRole('table', { name: 'Transactions' }).getByText('Pending').first().waitFor();

    await admin.page.goto('/admindashboard/transactionmanagement');
    const row = admin.page.getByRole('row').filter({ hasText: user.username }).first();
    await row.getByRole('button', { name: 'Approve' }).click();
    const confirm = admin.page.getByRole('dialog', { name: `Approve the deposit of ${user.username}?` });
    await confirm.getByText('$1,000.00 is credited to the cash balance of').waitFor();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByRole('row').filter({ hasText: user.username }).first().waitFor({ state: 'detached' });
    await screenshot(admin.page, 'admin-transactions');

    await copier.page.goto('/userdashboard/wallet');
    await copier.page.getByTestId('balance').getByText('$1,000.00').waitFor();
    await screenshot(copier.page, 'wallet');
  });

  it('the admin overview and wallet management show the figures and a balanced ledger', async () => {
    const { page } = admin;
    await page.goto('/admindashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await page.locator('.stat-card').first().waitFor();
    await screenshot(page, 'admin-overview');
    await page.goto('/admindashboard/walletmanagement');
    await page.getByTestId('ledger-check').getByText('Balanced', { exact: true }).waitFor();
    // The browser specs share one server: other specs' users may put this one past the first page, so find it.
    await page.getByLabel('Search wallets').fill(user.username);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.getByRole('table', { name: 'User wallets' }).getByText(user.username).first().waitFor();
    await screenshot(page, 'admin-wallet-management');
  });

  it('the user copies the new trader with 500.00', async () => {
    const { page } = copier;
    // The browser specs share one server: other specs' traders may put this one past the first page, so search it.
    await page.goto('/traders');
    await page.getByLabel('Search by name').fill(traderName);
    // the list follows the typing after a pause, by a navigation to ?q=: click once it has happened
    await page.waitForURL(/[?&]q=/);
    await page.getByRole('link', { name: `View profile of ${traderName}` }).click();
    // the copy dialog: amount, Review (a summary), Confirm
    await page.getByRole('button', { name: 'Copy trader' }).click();
    const dialog = page.getByRole('dialog', { name: `Copy ${traderName}` });
    await dialog.getByTestId('available').getByText('$1,000.00').waitFor();
    await dialog.getByLabel('Amount', { exact: true }).fill('500.00');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByText('$500.00').first().waitFor();
    await screenshot(page, 'copy-dialog-summary');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // the copy exists only once the server answered: leaving earlier could abort the request
    await page.getByRole('status').getByText(`You are now copying ${traderName}`).waitFor();
    await page.getByText(/You copy this trader: equity \$/).waitFor();
    await screenshot(page, 'trader-page-copying');
    await page.goto('/userdashboard');
    await page.getByRole('table', { name: 'My copies' }).getByText(traderName).waitFor();
  });

  it('the trader opens a market order at 50 % (it fills at the live price) and closes it at the market', async () => {
    const { page } = trading;
    await signIn(page, trader.email, trader.password);
    await page.goto('/trademanagement');
    const open = page.getByRole('form', { name: 'Open a trade' });
    await open.getByLabel('Symbol', { exact: true }).fill('BTCUSDT'); // crypto: open around the clock
    await open.getByRole('radio', { name: /^Buy/ }).check();
    await open.getByLabel('Allocation %', { exact: true }).fill('50');
    await open.getByRole('button', { name: 'Open trade' }).click();
    await open.getByRole('status').getByText(/^Buy BTCUSDT filled at \d/).waitFor();
    const item = page.getByRole('listitem', { name: 'Open trade BTCUSDT' });
    await item.waitFor();
    await screenshot(page, 'trade-management');
    const close = item.getByRole('form', { name: 'Close BTCUSDT' });
    await close.getByRole('button', { name: 'Close at market' }).click();
    await page.getByRole('dialog', { name: 'Close BTCUSDT?' }).getByRole('button', { name: 'Confirm close' }).click();
    await item.waitFor({ state: 'detached' });
  });

  it('the user sees the copied trade closed: 250.00 × (exit − entry) / entry, to the cent, from the prices shown', async () => {
    const { page } = copier;
    await page.goto('/userdashboard/trades');
    const table = page.getByRole('table', { name: 'Copied trades' });
    const row = table.getByRole('row').filter({ hasText: 'BTCUSDT' }).first();
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    // Opened, Trader, Market, Pair, Side, Size, Entry, Exit, PnL, …
    expect(cells[5]).toContain('250.00');
    const [entry, exit] = [cells[6], cells[7]].map((p) => BigInt(Math.round(Number(p.replace(/[^\d.-]/g, '')) * 1e8))); // prices show thousands separators
    const pnl = (25_000n * (exit - entry)) / entry; // cents, toward zero (product.md §5)
    const shown = `${pnl < 0n ? '-' : ''}${(pnl < 0n ? -pnl : pnl) / 100n}.${String((pnl < 0n ? -pnl : pnl) % 100n).padStart(2, '0')}`;
    expect(cells[8]).toContain(shown.replace('-', ''));
    await screenshot(page, 'user-trades');
  });

  it('the admin picks the trader on /followers (the API needs ?traderId= from an admin) and sees the copier', async () => {
    const { page } = admin;
    await page.goto('/followers');
    await page.getByText('Choose a trader', { exact: true }).waitFor();
    const picker = page.getByLabel('Trader', { exact: true });
    const value = await picker.getByRole('option', { name: new RegExp(`^${traderName} \\(#\\d+\\)$`) }).getAttribute('value');
    expect(value).toMatch(/^\d+$/);
    await picker.selectOption(value!);
    await page.waitForURL(new RegExp(`/followers\\?traderId=${value}$`));
    await page.getByRole('table', { name: 'Followers' }).getByText(user.username).waitFor();
    await screenshot(page, 'admin-followers');
  });
});
