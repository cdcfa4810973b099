import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { jsonResponse, makeToken, mockFetch, renderApp, signIn } from '../../../test/utils';
import { getSession, setCredentials } from '../../../lib/auth-session';

describe('KYC verification', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });

  it('validates, previews images and uploads a multipart form with documentType and documentNumber', async () => {
    signIn({ roles: ['User'] });
    let kyc = 'Unverified';
    const fetchMock = mockFetch({
      'GET /api/user/get': () => jsonResponse(200, { user: { KYC: kyc } }),
      'POST /api/user/requestKYC': () => {
        kyc = 'Pending';
        return jsonResponse(201, { status: 'Pending' });
      },
    });
    renderApp('/userdashboard/kycverification');
    expect(await screen.findByText('Unverified')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload documents' }));
    expect(screen.getByText('Enter the document number')).toBeInTheDocument();
    expect(screen.getAllByText('Choose a file')).toHaveLength(2);
    // the kit's field: label, input and error wired (the error is the input's description)
    expect(screen.getByLabelText('Front of the document')).toHaveAccessibleDescription('Choose a file');
    expect(screen.getByLabelText('Front of the document')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Back of the document (optional)')).not.toHaveAttribute('aria-describedby');

    const png = new File([new Uint8Array([137, 80, 78, 71])], 'front.png', { type: 'image/png' });
    const pdf = new File(['%PDF-1.4'], 'selfie.pdf', { type: 'application/pdf' });
    const gif = new File(['GIF89a'], 'back.gif', { type: 'image/gif' });
    await userEvent.selectOptions(screen.getByLabelText('Document type'), 'national_id');
    await userEvent.type(screen.getByLabelText('Document number'), 'X1234567');
    await userEvent.upload(screen.getByLabelText('Front of the document'), png);
    expect(await screen.findByRole('img', { name: 'Preview of front of the document' })).toHaveAttribute('src', 'blob:preview');
    await userEvent.upload(screen.getByLabelText(/Back of the document/), gif, { applyAccept: false });
    await userEvent.upload(screen.getByLabelText('Selfie holding the document'), pdf);
    // a chosen file that is not an image is named in the field's hint
    expect(screen.getByLabelText('Selfie holding the document')).toHaveAccessibleDescription('selfie.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Upload documents' }));
    expect(screen.getByText('Use a JPEG, PNG or PDF file')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText(/Back of the document/), []);

    await userEvent.click(screen.getByRole('button', { name: 'Upload documents' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => u === '/api/user/requestKYC')).toBe(true));
    const body = (fetchMock.mock.calls.find(([u]) => u === '/api/user/requestKYC')![1] as RequestInit).body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('documentType')).toBe('national_id');
    expect(body.get('documentNumber')).toBe('X1234567');
    expect((body.get('front') as File).name).toBe('front.png');
    expect((body.get('selfie') as File).name).toBe('selfie.pdf');
    expect(body.get('back')).toBeNull();
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload documents' })).not.toBeInTheDocument();
  });

  const refreshCalls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([u]) => String(u).includes('/auth/refresh')).length;

  it('after the upload, refreshes the access token so the menus see Pending', async () => {
    signIn({ roles: ['User'] });
    let kyc = 'Unverified';
    const fetchMock = mockFetch({
      'GET /api/user/get': () => jsonResponse(200, { user: { KYC: kyc } }),
      'POST /api/user/requestKYC': () => {
        kyc = 'Pending';
        return jsonResponse(201, { status: 'Pending' });
      },
      'GET /api/auth/refresh': () => jsonResponse(200, { accessToken: makeToken({ roles: ['User'], kycstring: 'Pending' }) }),
    });
    renderApp('/userdashboard/kycverification');
    await screen.findByText('Unverified');
    expect(refreshCalls(fetchMock)).toBe(0);
    await userEvent.type(screen.getByLabelText('Document number'), 'X1234567');
    await userEvent.upload(screen.getByLabelText('Front of the document'), new File(['x'], 'f.png', { type: 'image/png' }));
    await userEvent.upload(screen.getByLabelText('Selfie holding the document'), new File(['x'], 's.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload documents' }));
    await waitFor(() => expect(getSession().KYCstring).toBe('Pending'));
    expect(refreshCalls(fetchMock)).toBe(1);
  });

  it('when /user/get says Verified and the token does not, refreshes the token and the KYC menu item goes away', async () => {
    signIn({ roles: ['User'], kycstring: 'Unverified' });
    const fetchMock = mockFetch({
      'GET /api/user/get': { user: { KYC: 'Verified' } },
      'GET /api/auth/refresh': () => jsonResponse(200, { accessToken: makeToken({ roles: ['User'], kycverified: true }) }),
    });
    renderApp('/userdashboard/kycverification');
    const menu = screen.getByRole('navigation', { name: 'Dashboard menu' });
    expect(within(menu).getByRole('link', { name: 'KYC verification' })).toBeInTheDocument();
    expect(await screen.findByText('Your identity is verified. Nothing more to do.')).toBeInTheDocument();
    await waitFor(() => expect(within(menu).queryByRole('link', { name: 'KYC verification' })).not.toBeInTheDocument());
    expect(refreshCalls(fetchMock)).toBe(1);
  });

  it('does not refresh while impersonating (the refresh cookie is the admin\'s)', async () => {
    setCredentials({ accessToken: makeToken({ roles: ['User'] }, { imp: 'admin-1' }) });
    const fetchMock = mockFetch({ 'GET /api/user/get': { user: { KYC: 'Verified' } } });
    renderApp('/userdashboard/kycverification');
    await screen.findByText('Your identity is verified. Nothing more to do.');
    await new Promise((r) => setTimeout(r, 50));
    expect(refreshCalls(fetchMock)).toBe(0);
  });

  it('shows an error state with Try again (and no upload form) when the status cannot be read', async () => {
    signIn({ roles: ['User'] });
    let fail = true;
    mockFetch({
      'GET /api/user/get': () => (fail ? jsonResponse(500, { statusCode: 500, message: 'Profile service unavailable' }) : jsonResponse(200, { user: { KYC: 'Unverified' } })),
    });
    renderApp('/userdashboard/kycverification');
    const status = screen.getByRole('region', { name: 'Status' });
    const alert = await within(status).findByRole('alert');
    expect(alert).toHaveTextContent('Profile service unavailable');
    expect(screen.queryByRole('form', { name: 'Upload documents' })).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(status).findByText('Unverified')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Upload documents' })).toBeInTheDocument();
  });
});
