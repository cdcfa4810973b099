import { act } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { getSession } from '../../../lib/auth-session';
import { expectBusyWhile, gate, renderMutation } from '../../../test/mutation';
import { jsonResponse, makeToken, mockFetch, signIn } from '../../../test/utils';
import { useRequestKyc } from './request-kyc';

const file = (name: string) => new File(['x'], name, { type: 'image/png' });
const submission = { documentType: 'passport', documentNumber: 'X1234567', front: file('front.png'), back: null, selfie: file('selfie.png') };

describe('useRequestKyc', () => {
  it('busy while it uploads the multipart form; then my live status refreshes and a fresh token (Pending) replaces the old one', async () => {
    signIn({ kycstring: 'Unverified' });
    const answer = gate<Response>();
    const fetchMock = mockFetch({
      'POST /api/user/requestKYC': () => answer.promise,
      'GET /api/auth/refresh': { accessToken: makeToken({ kycstring: 'Pending' }) },
    });
    const { result, fetches } = await renderMutation(() => useRequestKyc(), ['/api/user/get']);
    await expectBusyWhile(() => result.current.busy, () => result.current.trigger(submission), () => answer.open(jsonResponse(200, { message: 'ok' })));
    const form = (fetchMock.mock.calls[0][1] as RequestInit).body as FormData;
    expect([form.get('documentType'), form.get('documentNumber'), (form.get('front') as File).name, form.get('back'), (form.get('selfie') as File).name]).toEqual([
      'passport',
      'X1234567',
      'front.png',
      null,
      'selfie.png',
    ]);
    await vi.waitFor(() => expect(fetches('/api/user/get')).toBe(2));
    await vi.waitFor(() => expect(getSession().KYCstring).toBe('Pending'));
  });

  it('a refusal (already under review) surfaces, with no refresh', async () => {
    signIn({ kycstring: 'Pending' });
    const fetchMock = mockFetch({ 'POST /api/user/requestKYC': () => jsonResponse(409, { statusCode: 409, message: 'Your documents are already under review', code: 'KYC.PENDING' }) });
    const { result, fetches } = await renderMutation(() => useRequestKyc(), ['/api/user/get']);
    await act(() => result.current.trigger(submission).catch(() => undefined));
    expect((result.current.error as ApiError).status).toBe(409);
    expect(fetches('/api/user/get')).toBe(1);
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual(['/api/user/requestKYC']);
  });
});
