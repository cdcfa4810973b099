import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { jsonResponse, mockFetch, renderApp, signIn } from '../../../test/utils';

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

    const png = new File([new Uint8Array([137, 80, 78, 71])], 'front.png', { type: 'image/png' });
    const pdf = new File(['%PDF-1.4'], 'selfie.pdf', { type: 'application/pdf' });
    const gif = new File(['GIF89a'], 'back.gif', { type: 'image/gif' });
    await userEvent.selectOptions(screen.getByLabelText('Document type'), 'national_id');
    await userEvent.type(screen.getByLabelText('Document number'), 'X1234567');
    await userEvent.upload(screen.getByLabelText('Front of the document'), png);
    expect(await screen.findByRole('img', { name: 'Preview of front of the document' })).toHaveAttribute('src', 'blob:preview');
    await userEvent.upload(screen.getByLabelText(/Back of the document/), gif, { applyAccept: false });
    await userEvent.upload(screen.getByLabelText('Selfie holding the document'), pdf);
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
});
