import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../test/utils';
import { Contact } from './contact';

async function fill() {
  await userEvent.type(screen.getByLabelText('Name'), 'Jane Doe');
  await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
  await userEvent.selectOptions(screen.getByLabelText('Topic'), 'wallet');
  await userEvent.type(screen.getByLabelText('Message'), 'Where is my withdrawal?');
}

describe('Contact form', () => {
  it('sends {name, email, subject, message} to POST /api/contact and confirms without promising a reply time', async () => {
    const fetchMock = mockFetch({ 'POST /api/contact': () => jsonResponse(201, { id: 'c1', message: 'ok' }) });
    renderWithProviders(<Contact />);
    expect(screen.queryByText(/business day/)).not.toBeInTheDocument();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Thank you, Jane Doe');
    expect(status).not.toHaveTextContent(/business day/);
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u) === '/api/contact')!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ name: 'Jane Doe', email: 'jane@example.com', subject: 'Deposits and withdrawals', message: 'Where is my withdrawal?' });
  });

  it('asks for the missing fields without sending, and shows the server’s field errors', async () => {
    const fetchMock = mockFetch({ 'POST /api/contact': () => jsonResponse(400, { statusCode: 400, message: ['email must be an email address'] }) });
    renderWithProviders(<Contact />);
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Enter your name')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/contact')).toBe(false);
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const form = screen.getByRole('form', { name: 'Contact us' });
    await waitFor(() => expect(within(form).getByText('email must be an email address')).toBeInTheDocument());
  });

  it('checks ContactRequestDto lengths and a valid email before anything is sent', async () => {
    const fetchMock = mockFetch({ 'POST /api/contact': () => jsonResponse(201, { id: 'c1', message: 'ok' }) });
    renderWithProviders(<Contact />);
    await userEvent.type(screen.getByLabelText('Name'), 'Jane Doe');
    await userEvent.type(screen.getByLabelText('Email'), 'jane@example');
    await userEvent.type(screen.getByLabelText('Message'), 'Hi there');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Use at least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/contact')).toBe(false);
  });
});
