import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderApp, signIn } from '../../../test/utils';
import { getToken } from '../../../lib/auth-session';
import { getToasts } from '../../../lib/toast';

const messages = () => getToasts().map((t) => t.message);
const postBody = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([u, i]) => u === path && (i as RequestInit).method === 'POST').map(([, i]) => JSON.parse(String((i as RequestInit).body)));

describe('account settings', () => {
  it('change password: a 401 puts "The current password is wrong" under Current password; success clears the form', async () => {
    signIn({ roles: ['User'] });
    let status = 401;
    const fetchMock = mockFetch({
      'POST /api/auth/changepassword': () => jsonResponse(status, status === 200 ? { message: 'ok' } : { statusCode: 401, message: 'Unauthorized' }),
    });
    renderApp('/userdashboard/accountsettings');
    const form = await screen.findByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'old-password');
    await userEvent.type(within(form).getByLabelText('New password'), 'new-password-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    const current = within(form).getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription('The current password is wrong'));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(postBody(fetchMock, '/api/auth/changepassword')).toEqual([{ currentPassword: 'old-password', newPassword: 'new-password-1' }]);
    // a 401 here is a wrong password, not an expired login: still signed in
    expect(getToken()).not.toBeNull();

    status = 200;
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(messages()).toContain('Password changed'));
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it('change password: ChangePasswordRequestDto lengths and a different new password, checked before anything is sent', async () => {
    signIn({ roles: ['User'] });
    const fetchMock = mockFetch({ 'POST /api/auth/changepassword': { message: 'ok' } });
    renderApp('/userdashboard/accountsettings');
    const form = await screen.findByRole('form', { name: 'Change password' });
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription('Enter your current password');
    await userEvent.type(within(form).getByLabelText('Current password'), 'old-password');
    await userEvent.type(within(form).getByLabelText('New password'), 'short');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Use at least 8 characters')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('New password'));
    await userEvent.type(within(form).getByLabelText('New password'), 'old-password');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Choose a password different from the current one')).toBeInTheDocument();
    expect(postBody(fetchMock, '/api/auth/changepassword')).toEqual([]);
  });

  it('delete account: asks to confirm, then deletes, signs out and goes to /', async () => {
    signIn({ roles: ['User'], userId: 'u-9' });
    const fetchMock = mockFetch({ 'POST /api/user/delete': () => jsonResponse(200, { message: 'deleted' }) });
    renderApp('/userdashboard/accountsettings');
    const form = await screen.findByRole('form', { name: 'Delete account' });
    await userEvent.click(within(form).getByRole('button', { name: 'Delete account' }));
    expect(within(form).getByText('Enter your password to confirm')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Password'), 'my-password');
    await userEvent.click(within(form).getByRole('button', { name: 'Delete account' }));
    // first press only asks
    expect(within(form).getByText(/Are you sure\?/)).toBeInTheDocument();
    expect(postBody(fetchMock, '/api/user/delete')).toHaveLength(0);
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm delete' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(postBody(fetchMock, '/api/user/delete')).toEqual([{ userId: 'u-9', password: 'my-password' }]);
    expect(getToken()).toBeNull();
    expect(messages()).toContain('Your account has been deleted');
  });

  it('delete account: Cancel backs out, a 409 shows the server reason and keeps the user signed in', async () => {
    signIn({ roles: ['User'] });
    const fetchMock = mockFetch({ 'POST /api/user/delete': () => jsonResponse(409, { statusCode: 409, message: 'Withdraw your balance first' }) });
    renderApp('/userdashboard/accountsettings');
    const form = await screen.findByRole('form', { name: 'Delete account' });
    await userEvent.type(within(form).getByLabelText('Password'), 'my-password');
    await userEvent.click(within(form).getByRole('button', { name: 'Delete account' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(form).getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Delete account' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm delete' }));
    expect(await within(form).findByText('Withdraw your balance first')).toBeInTheDocument();
    expect(postBody(fetchMock, '/api/user/delete')).toHaveLength(1);
    expect(getToken()).not.toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/userdashboard/accountsettings');
  });
});
