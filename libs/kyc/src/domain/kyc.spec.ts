import { assertCanSubmit, detectContentType, submissionStatusFor } from './kyc';

const bytes = (...b: number[]) => Uint8Array.from([...b, 0, 0, 0, 0]);

describe('KYC file type detection (by content)', () => {
  it('recognises JPEG, PNG and PDF by their magic bytes', () => {
    expect(detectContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(detectContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(detectContentType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses HTML, SVG, GIF, empty and truncated signatures', () => {
    expect(detectContentType(new TextEncoder().encode('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(detectContentType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectContentType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(detectContentType(new Uint8Array())).toBeNull();
    expect(detectContentType(Uint8Array.from([0x89, 0x50, 0x4e]))).toBeNull();
  });
});

describe('KYC state machine', () => {
  it('lets a user submit only from Unverified', () => {
    expect(() => assertCanSubmit('Unverified')).not.toThrow();
    expect(() => assertCanSubmit('Pending')).toThrow(expect.objectContaining({ code: 'KYC.ALREADY_PENDING', kind: 'conflict' }));
    expect(() => assertCanSubmit('Verified')).toThrow(expect.objectContaining({ code: 'KYC.ALREADY_VERIFIED', kind: 'conflict' }));
  });

  it('maps the admin decision onto the waiting submission', () => {
    expect(submissionStatusFor('Verified')).toBe('Verified');
    expect(submissionStatusFor('Unverified')).toBe('Rejected');
    expect(submissionStatusFor('Pending')).toBeNull();
  });
});
