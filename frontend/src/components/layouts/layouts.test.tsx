import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderApp, signIn } from '../../test/utils';

const noSession = { 'GET /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'No refresh token' }) };

describe('layout rules (seed §2)', () => {
  it.each([
    ['/signin', 'Sign in'],
    ['/forgotpassword', 'Forgot your password?'],
    ['/otpverification', 'Verify your email'],
  ])('no top bar and no footer on %s', async (path) => {
    mockFetch(noSession);
    renderApp(path);
    await screen.findByRole('form');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('scrolls to the top (and moves focus to the new page) on every route change', async () => {
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    mockFetch({ ...noSession, 'GET /api/traders': { items: [], total: 0, page: 1, limit: 12 } });
    renderApp('/aboutus');
    await screen.findByRole('heading', { name: 'Trading skill, shared fairly' });
    const before = scrollTo.mock.calls.length;
    expect(before).toBeGreaterThanOrEqual(1);
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Traders' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/traders'));
    await waitFor(() => expect(scrollTo.mock.calls.length).toBe(before + 1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(document.activeElement).toBe(document.getElementById('main'));
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Contact' }));
    await waitFor(() => expect(scrollTo.mock.calls.length).toBe(before + 2));
  });
});

describe('accessibility of the top bar', () => {
  it('the avatar on dashboard routes is a button named after the user, showing the first letter, opening dashboard/settings/logout', async () => {
    signIn({ roles: ['User'], username: 'grace' });
    mockFetch({ 'GET /api/user/get': { user: { KYC: 'Unverified' } }, 'POST /api/auth/logout': {} });
    renderApp('/userdashboard/kycverification');
    const avatar = await screen.findByRole('button', { name: 'Account menu of grace' });
    expect(avatar).toHaveTextContent('G');
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(avatar);
    const menu = screen.getByRole('menu', { name: 'Account of grace' });
    expect(within(menu).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Dashboard', 'Settings', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/userdashboard/accountsettings');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(avatar).toHaveFocus();
  });

  it('the visitor drawer has Contact', async () => {
    mockFetch(noSession);
    renderApp('/aboutus');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contactus');
  });

  it('the mobile drawer is a modal dialog: focus moves in, Tab stays inside, Escape closes and focus returns to "Open menu"', async () => {
    mockFetch(noSession);
    renderApp('/aboutus');
    const burger = await screen.findByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(burger);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    const close = within(dialog).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();
    // Shift+Tab from the first element wraps to the last one, Tab from the last back to the first
    await userEvent.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).not.toBe(close);
    await userEvent.tab();
    expect(close).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(burger).toHaveFocus();

    await userEvent.click(burger);
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(burger).toHaveFocus();
  });

  it('following a link in the drawer closes it and lands on the new page', async () => {
    mockFetch({ ...noSession, 'GET /api/traders': { items: [], total: 0, page: 1, limit: 12 } });
    renderApp('/aboutus');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Traders' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/traders'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('accessible names of the auth forms', () => {
  it('the OTP form is "Verify email"', async () => {
    mockFetch(noSession);
    renderApp('/otpverification');
    const form = await screen.findByRole('form', { name: 'Verify email' });
    expect(within(form).getByLabelText('Verification code')).toBeInTheDocument();
  });

  it('the three forgot-password steps are named forms', async () => {
    mockFetch({
      ...noSession,
      'POST /api/auth/forgotpassword/sendotp': { message: 'sent' },
      'POST /api/auth/forgotpassword/verifyotp': { resetToken: 'a'.repeat(43) },
    });
    renderApp('/forgotpassword');
    const step1 = await screen.findByRole('form', { name: 'Request a reset code' });
    await userEvent.type(within(step1).getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(within(step1).getByRole('button', { name: 'Send code' }));
    const step2 = await screen.findByRole('form', { name: 'Enter the reset code' });
    await userEvent.type(within(step2).getByLabelText('Verification code'), '123456');
    await userEvent.click(within(step2).getByRole('button', { name: 'Verify code' }));
    const step3 = await screen.findByRole('form', { name: 'Choose a new password' });
    expect(within(step3).getByLabelText('New password')).toBeInTheDocument();
    expect(within(step3).getByLabelText('Repeat the password')).toBeInTheDocument();
  });
});
