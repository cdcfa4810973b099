import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, makeToken, mockFetch, renderApp } from '../../../test/utils';

const noSession = { 'GET /api/auth/refresh': () => jsonResponse(401, {}) };

async function enterPassword() {
  // the sign-in page is a lazy route: its first visit on a busy machine can take longer than the default deadline
  await userEvent.type(await screen.findByLabelText('Email', {}, { timeout: 15_000 }), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'analytical-engine');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign in with two-factor authentication', () => {
  it('asks for the code after the password and completes the sign-in with it', async () => {
    const fetchMock = mockFetch({
      ...noSession,
      'POST /api/auth/login': { mfaRequired: true, mfaToken: 'challenge-1' },
      'POST /api/auth/login/mfa': { accessToken: makeToken({ roles: ['User'] }) },
    });
    renderApp('/signin');
    await enterPassword();
    const code = await screen.findByLabelText('Code');
    expect(screen.queryByLabelText('Password')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription('Enter the code from your authenticator app, or a recovery code');
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/auth/login/mfa')).toBe(false);
    await userEvent.type(code, ' 123456 ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/userdashboard'));
    const call = fetchMock.mock.calls.find(([u]) => u === '/api/auth/login/mfa')!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({ mfaToken: 'challenge-1', code: '123456' });
  });

  it('accepts a recovery code, and shows the wrong-code message', async () => {
    let tries = 0;
    const fetchMock = mockFetch({
      ...noSession,
      'POST /api/auth/login': { mfaRequired: true, mfaToken: 'challenge-2' },
      'POST /api/auth/login/mfa': () =>
        ++tries === 1
          ? jsonResponse(400, { statusCode: 400, code: 'MFA.INVALID_CODE', message: 'The code is wrong or was already used' })
          : jsonResponse(200, { accessToken: makeToken({ roles: ['User'] }) }),
    });
    renderApp('/signin');
    await enterPassword();
    await userEvent.type(await screen.findByLabelText('Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is wrong or was already used')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), 'ABCDE-FGHJK');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/userdashboard'));
    const last = fetchMock.mock.calls.filter(([u]) => u === '/api/auth/login/mfa').at(-1)!;
    expect(JSON.parse(String((last[1] as RequestInit).body)).code).toBe('ABCDE-FGHJK');
  });

  it('sends an Admin without 2FA to enrol first', async () => {
    mockFetch({
      ...noSession,
      'POST /api/auth/login': { accessToken: makeToken({ roles: ['User', 'Admin'] }) },
      'GET /api/auth/mfa': { enabled: false, recoveryCodesLeft: 0 },
      'POST /api/auth/mfa/setup': { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrDataUrl: 'data:image/svg+xml;base64,AAAA' },
    });
    renderApp('/signin');
    await enterPassword();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings/security'));
    expect(await screen.findByText(/Admins must turn on two-factor authentication/)).toBeInTheDocument();
  });
});

describe('sign in form (react-hook-form on LoginRequestDto\'s generated rules)', () => {
  it('blocks a bad email and an empty password with their messages, then sends the typed, trimmed body', async () => {
    const fetchMock = mockFetch({ ...noSession, 'POST /api/auth/login': { accessToken: makeToken({ roles: ['User'] }) } });
    renderApp('/signin');
    await userEvent.type(await screen.findByLabelText('Email', {}, { timeout: 15_000 }), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password');
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/auth/login')).toBe(false);
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'analytical-engine');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/userdashboard'));
    const call = fetchMock.mock.calls.find(([u]) => u === '/api/auth/login')!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toMatchObject({ email: 'ada@example.com', password: 'analytical-engine' });
  });
});
