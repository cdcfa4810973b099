import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderApp, signIn } from '../../../test/utils';

const setup = { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Mirrorline:ada', qrDataUrl: 'data:image/svg+xml;base64,AAAA' };
const codes = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBBB`);

describe('2FA enrolment', () => {
  it('shows the QR code and the key, confirms a code, then shows the 10 recovery codes once', async () => {
    signIn({ roles: ['User'] });
    const fetchMock = mockFetch({
      'POST /api/auth/mfa/setup': setup,
      'POST /api/auth/mfa/enable': (_u: string, init: RequestInit) =>
        JSON.parse(String(init.body)).code === '123456'
          ? jsonResponse(200, { recoveryCodes: codes, accessToken: signIn({ roles: ['User'] }) })
          : jsonResponse(400, { statusCode: 400, code: 'MFA.INVALID_CODE', message: 'The code is wrong or was already used' }),
    });
    renderApp('/settings/security');
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', setup.qrDataUrl);
    expect(screen.getByTestId('mfa-secret')).toHaveTextContent(setup.secret);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    // the code rule (LoginRequestDto's six digits: MfaCodeRequestDto has no generated rule) blocks it before the API
    await userEvent.type(screen.getByLabelText('Code'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the 6 digits your authenticator app shows')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/auth/mfa/enable')).toBe(false);
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The code is wrong or was already used')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery code list' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/auth/mfa/enable')).toHaveLength(2);
    // numbered steps, the last one current
    expect(within(screen.getByRole('list', { name: 'Steps' })).getByText('Save your recovery codes')).toHaveAttribute('aria-current', 'step');
    // Copy puts every code on the clipboard; Download saves them as a text file
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(codes.join('\n')));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('download', 'mirrorline-recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href')!)).toContain(codes[9]);
    // Continue only once the user says the codes are saved
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I saved these codes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/userdashboard'));
  });
});

describe('Settings → Security', () => {
  const routes = {
    'GET /api/auth/mfa': { enabled: false, recoveryCodesLeft: 0 },
    'GET /api/auth/sessions': {
      items: [
        { id: 's-1', createdAt: '2026-11-01T00:00:00Z', lastUsedAt: '2026-11-23T00:00:00Z', userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', ip: '10.0.0.1', current: true },
        { id: 's-2', createdAt: '2026-11-02T00:00:00Z', lastUsedAt: '2026-11-22T00:00:00Z', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', ip: '10.0.0.2', current: false },
      ],
    },
    'GET /api/auth/tokens': { items: [{ id: 't-1', name: 'bot', scopes: ['read'], createdAt: '2026-11-01T00:00:00Z', lastUsedAt: null, prefix: 'ml_pat_AbCdEf' }] },
    'GET /api/wallet/addresses': { items: [] },
  };

  it('lists sessions, signs one out and every other one', async () => {
    signIn({ roles: ['User'] });
    const fetchMock = mockFetch({ ...routes, 'DELETE /api/auth/sessions/s-2': { message: 'ok' }, 'POST /api/auth/sessions/revoke-others': { message: 'ok' } });
    renderApp('/userdashboard/security');
    const table = await screen.findByRole('table', { name: 'Sessions list' });
    expect(within(table).getByText('(this device)')).toBeInTheDocument();
    // a device in words and a masked address, never the raw User-Agent or the whole address
    expect(within(table).getByRole('row', { name: 'Session Firefox on Linux, this device' })).toHaveTextContent('10.0.0.x');
    expect(table).not.toHaveTextContent('Mozilla/5.0');
    expect(table).not.toHaveTextContent('10.0.0.2');
    const phone = within(table).getByRole('row', { name: 'Session Safari on iPhone' });
    // on a phone the rows are cards of "label value" lines
    expect(table).toHaveClass('table--cards');
    expect([...phone.querySelectorAll('td')].map((td) => td.dataset.label)).toEqual(['Device', 'Address', 'Signed in', 'Last used', 'Actions']);
    await userEvent.click(within(phone).getByRole('button', { name: 'Sign out' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/auth/sessions/revoke-others' && (i as RequestInit).method === 'POST')).toBe(true));
    expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/auth/sessions/s-2' && (i as RequestInit).method === 'DELETE')).toBe(true);
    expect(within(table).queryAllByRole('button', { name: 'Sign out' })).toHaveLength(1);
  });

  it('creates an API token and shows it once; lists tokens by prefix', async () => {
    signIn({ roles: ['User'] });
    const fetchMock = mockFetch({ ...routes, 'POST /api/auth/tokens': () => jsonResponse(201, { id: 't-2', token: 'ml_pat_secretvalue' }) });
    renderApp('/userdashboard/security');
    expect(await screen.findByText('ml_pat_AbCdEf…')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create API token' });
    await userEvent.type(within(form).getByLabelText('Token name'), 'trading bot');
    await userEvent.click(within(form).getByRole('checkbox'));
    await userEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await screen.findByTestId('new-api-token')).toHaveTextContent('ml_pat_secretvalue');
    const call = fetchMock.mock.calls.find(([u, i]) => u === '/api/auth/tokens' && (i as RequestInit).method === 'POST')!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({ name: 'trading bot', scopes: ['read', 'trade'] });
  });

  it('adds a withdrawal address (with the code when 2FA is on)', async () => {
    signIn({ roles: ['User'] });
    const fetchMock = mockFetch({
      ...routes,
      'GET /api/auth/mfa': { enabled: true, recoveryCodesLeft: 9 },
      'POST /api/wallet/addresses': () => jsonResponse(201, { address: { id: 'a-1' } }),
    });
    renderApp('/userdashboard/security');
    expect(await screen.findByText(/9 recovery codes left/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add withdrawal address' });
    await within(form).findByLabelText('Authenticator code');
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(within(form).getByLabelText('Label')).toHaveAccessibleDescription('Enter a label');
    expect(within(form).getByLabelText('Authenticator code')).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app');
    await userEvent.type(within(form).getByLabelText('Label'), 'Bank');
    await userEvent.type(within(form).getByLabelText('Destination'), 'DE89 3704');
    await userEvent.type(await within(form).findByLabelText('Authenticator code'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/wallet/addresses' && (i as RequestInit).method === 'POST')).toBe(true));
    const call = fetchMock.mock.calls.find(([u, i]) => u === '/api/wallet/addresses' && (i as RequestInit).method === 'POST')!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({ label: 'Bank', destination: 'DE89 3704' });
    expect(((call[1] as RequestInit).headers as Record<string, string>)['X-MFA-Code']).toBe('123456');
  });
});
