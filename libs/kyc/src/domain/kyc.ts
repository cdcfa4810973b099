import { DomainError } from '@mirrorline/shared';
import type { KycStatus } from '@mirrorline/accounts';

export const DOCUMENT_TYPES = ['passport', 'national_id', 'driving_licence'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const KYC_FILE_NAMES = ['front', 'back', 'selfie'] as const;
export type KycFileName = (typeof KYC_FILE_NAMES)[number];

export const MAX_KYC_FILE_BYTES = 5 * 1024 * 1024;

export type KycContentType = 'image/jpeg' | 'image/png' | 'application/pdf';
export const EXTENSION_OF: Record<KycContentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

export type SubmissionStatus = 'Pending' | 'Verified' | 'Rejected';

export interface StoredKycFile {
  key: string;
  contentType: KycContentType;
  size: number;
}

export interface KycSubmission {
  id: string;
  userId: string;
  documentType: DocumentType;
  documentNumber: string;
  status: SubmissionStatus;
  files: Partial<Record<KycFileName, StoredKycFile>>;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
}

/**
 * The file's real type, from its first bytes (magic numbers): the name and the declared MIME type
 * are the client's claims and prove nothing. Null for anything but JPEG, PNG or PDF.
 */
export function detectContentType(bytes: Uint8Array): KycContentType | null {
  const starts = (...sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'; // %PDF-
  return null;
}

/** A user may submit only from Unverified (seed §4 KYC: Unverified → Pending → Verified). */
export function assertCanSubmit(status: KycStatus): void {
  if (status === 'Pending') throw new DomainError('KYC.ALREADY_PENDING', 'Your KYC documents are already under review', 'conflict');
  if (status === 'Verified') throw new DomainError('KYC.ALREADY_VERIFIED', 'Your identity is already verified', 'conflict');
}

/** What the admin's decision does to the submission waiting for review (if any). */
export function submissionStatusFor(status: KycStatus): SubmissionStatus | null {
  if (status === 'Verified') return 'Verified';
  if (status === 'Unverified') return 'Rejected';
  return null; // back to Pending: the waiting submission stays as it is
}
