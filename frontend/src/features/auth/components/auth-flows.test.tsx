import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderApp } from '../../../test/utils';

// A lazy route's first visit transforms its chunk (react-hook-form with the auth pages): on a busy machine that can
// take longer than the default deadline, so the finds that wait for a new page poll longer.
const PAGE = { timeout: 15_000 };

const noSession = { 'GET /api/auth/refresh': () => jsonResponse(401, {}) };

function bodyOf(fetchMock: ReturnType<typeof mockFetch>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([u]) => u === path);
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
}

describe('register → verify email', () => {
  it('shows per-field messages, then registers and goes to the OTP screen with the email filled in', async () => {
    const fetchMock = mockFetch({ ...noSession, 'POST /api/auth/register': () => jsonResponse(201, { message: 'ok' }), 'POST /api/auth/verifyotp': { message: 'verified' } });
    renderApp('/register');
    await userEvent.click(await screen.findByRole('button', { name: 'Create account' }, PAGE));
    expect(screen.getByText('Choose a username')).toBeInTheDocument();
    expect(screen.getByText('Enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Enter a password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Username'), 'ada_l');
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'analytical-engine');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/otpverification'));
    expect(bodyOf(fetchMock, '/api/auth/register')).toEqual({ username: 'ada_l', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', password: 'analytical-engine' });
    expect(await screen.findByLabelText('Verification code', {}, PAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await userEvent.type(screen.getByLabelText('Verification code'), '12ab3456');
    expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
    expect(bodyOf(fetchMock, '/api/auth/verifyotp')).toEqual({ email: 'ada@example.com', otp: '123456' });
  }, 60_000);

  it('verifying signs the new user in: straight to the dashboard, "Welcome", no password asked again', async () => {
    const { makeToken } = await import('../../../test/utils');
    const accessToken = makeToken({ userId: 'u-verified', username: 'ada_l' });
    const fetchMock = mockFetch({
      ...noSession,
      'POST /api/auth/verifyotp': { message: 'Your email has been verified', accessToken },
      'GET /api/wallet': { balance: '0.00', tradingBalance: '0.00', liveTradingBalance: '0.00', held: '0.00', transactions: [] },
      'GET /api/copies': [],
      'GET /api/trades': { items: [], total: 0, page: 1, limit: 100 },
      'GET /api/notifications': { items: [], total: 0, unread: 0, page: 1, limit: 10 },
    });
    renderApp('/otpverification');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/userdashboard'), PAGE);
    expect(await screen.findByRole('heading', { name: /^Welcome, Ada/ }, PAGE)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/auth/login')).toBe(false);
    expect(bodyOf(fetchMock, '/api/auth/verifyotp')).toEqual({ email: 'ada@example.com', otp: '123456' });
  }, 60_000);

  it('the code and the email are checked by VerifyOtpRequestDto before anything is sent; Resend checks only the email', async () => {
    const fetchMock = mockFetch({ ...noSession, 'POST /api/auth/verifyotp': { message: 'ok' }, 'POST /api/auth/createnewotp': { message: 'sent' } });
    renderApp('/otpverification');
    await userEvent.type(await screen.findByLabelText('Email', {}, PAGE), 'ada@example');
    await userEvent.type(screen.getByLabelText('Verification code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from the email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(bodyOf(fetchMock, '/api/auth/createnewotp')).toBeUndefined();
    expect(bodyOf(fetchMock, '/api/auth/verifyotp')).toBeUndefined();
  }, 60_000);

  it('with 2FA on, verifying sends the user to sign in with the code', async () => {
    mockFetch({ ...noSession, 'POST /api/auth/verifyotp': { message: 'Your email has been verified', mfaRequired: true, mfaToken: 'm' } });
    renderApp('/otpverification');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
  }, 60_000);

  it('shows the 409 message from the server', async () => {
    mockFetch({ ...noSession, 'POST /api/auth/register': () => jsonResponse(409, { statusCode: 409, message: 'This email is already registered', errors: { email: ['This email is already registered'] } }) });
    renderApp('/register');
    await userEvent.type(await screen.findByLabelText('Username', {}, PAGE), 'ada_l');
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'analytical-engine');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByLabelText('Email')).toHaveAccessibleDescription('This email is already registered');
  }, 60_000);
});

describe('sign in failures', () => {
  it.each([
    [401, 'Invalid email or password'],
    [402, 'You have not verified your email'],
  ])('%i shows "%s"', async (status, message) => {
    mockFetch({ ...noSession, 'POST /api/auth/login': () => jsonResponse(status, { statusCode: status, message }) });
    renderApp('/signin');
    await userEvent.type(await screen.findByLabelText('Email', {}, PAGE), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('forgot password: email → code → new password', () => {
  it('walks the three steps with the auth endpoints', async () => {
    const resetToken = 'a'.repeat(43);
    const fetchMock = mockFetch({
      ...noSession,
      'POST /api/auth/forgotpassword/sendotp': { message: 'sent' },
      'POST /api/auth/forgotpassword/verifyotp': { resetToken },
      'POST /api/auth/forgotpassword/reset': { message: 'done' },
    });
    renderApp('/forgotpassword');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Verification code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    await userEvent.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'brand-new-pasS');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Repeat the password'));
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
    expect(bodyOf(fetchMock, '/api/auth/forgotpassword/sendotp')).toEqual({ email: 'ada@example.com' });
    expect(bodyOf(fetchMock, '/api/auth/forgotpassword/verifyotp')).toEqual({ email: 'ada@example.com', otp: '654321' });
    expect(bodyOf(fetchMock, '/api/auth/forgotpassword/reset')).toEqual({ resetToken, password: 'brand-new-pass' });
  });
});

describe('signing in as another account', () => {
  it('never shows answers cached for the previous account', async () => {
    const { makeToken } = await import('../../../test/utils');
    const { clearCredentials, setCredentials } = await import('../../../lib/auth-session');
    let who = 'first';
    mockFetch({
      ...noSession,
      'POST /api/auth/login': () => jsonResponse(200, { accessToken: makeToken({ username: 'second' }) }),
      'GET /api/wallet': () => jsonResponse(200, { balance: who === 'first' ? '111.00' : '222.00', tradingBalance: '0.00', held: '0.00', transactions: [] }),
      'GET /api/copies': [],
      'GET /api/trades': { items: [], total: 0, page: 1, limit: 100 },
      'GET /api/notifications': { items: [], total: 0, unread: 0, page: 1, limit: 10 },
    });
    setCredentials({ accessToken: makeToken({ username: 'first' }) });
    renderApp('/userdashboard');
    expect(await screen.findByTestId('balance')).toHaveTextContent('$111.00');
    // the first session expires without a logout; someone else signs in on the same tab
    who = 'second';
    clearCredentials();
    await userEvent.type(await screen.findByLabelText('Email'), 'second@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'second-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('balance')).toHaveTextContent('$222.00');
  });
});

describe('logout, then sign in again in the same tab', () => {
  it('fetches the new account’s data instead of waiting on the old cache', async () => {
    const { makeToken, signIn } = await import('../../../test/utils');
    let who = 'first';
    mockFetch({
      ...noSession,
      'POST /api/auth/logout': {},
      'POST /api/auth/login': () => jsonResponse(200, { accessToken: makeToken({ username: 'second' }) }),
      'GET /api/wallet': () => jsonResponse(200, { balance: who === 'first' ? '111.00' : '222.00', tradingBalance: '0.00', held: '0.00', transactions: [] }),
      'GET /api/copies': [],
      'GET /api/trades': { items: [], total: 0, page: 1, limit: 100 },
      'GET /api/notifications': { items: [], total: 0, unread: 0, page: 1, limit: 10 },
    });
    signIn({ username: 'first' });
    renderApp('/userdashboard');
    expect(await screen.findByTestId('balance')).toHaveTextContent('$111.00');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    await new Promise((r) => setTimeout(r, 1200)); // the cache reset runs 1 s after logout
    who = 'second';
    await userEvent.click(screen.getAllByRole('link', { name: 'Login' })[0]);
    await userEvent.type(await screen.findByLabelText('Email'), 'second@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'second-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('balance')).toHaveTextContent('$222.00');
  });
});
