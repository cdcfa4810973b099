import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage, fieldErrors } from '../../../lib/api-client';
import { refreshAccessToken, useSession } from '../../../lib/auth-session';
import { toast } from '../../../lib/toast';
import { StatusBadge } from '../../../components/ui/badge';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { ErrorState, InlineError, LoadingState } from '../../../components/ui/states';
import { useMe } from '../api/get-me';
import { matchesPattern, withinLength } from '../../../lib/input-rules';
import { ACCEPTED_TYPES, DOCUMENT_NUMBER, fileError, MAX_FILE_BYTES, useRequestKyc } from '../api/request-kyc';
import { Button } from '../../../components/ui/button';

const DOCUMENT_TYPES = [
  { value: 'passport', label: 'Passport' },
  { value: 'national_id', label: 'National ID card' },
  { value: 'driving_licence', label: 'Driving licence' },
];

function FilePicker({ label, file, onChange, error, optional }: { label: string; file: File | null; onChange: (f: File | null) => void; error?: string; optional?: boolean }) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <div className="field file-picker">
      <label htmlFor={id} className="field__label">
        {label}
        {optional && <span className="muted"> (optional)</span>}
      </label>
      <input
        id={id}
        type="file"
        accept={ACCEPTED_TYPES.join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      <div className="file-picker__preview" aria-live="polite">
        {preview ? <img src={preview} alt={`Preview of ${label.toLowerCase()}`} /> : file ? <span className="muted small">{file.name}</span> : null}
      </div>
      {error && (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * The menus read the KYC status from the access token, which lives up to 15 min: an admin's verification
 * would leave "KYC verification" in the menu that long. When the live status (GET /user/get) says
 * Verified and the token does not, get a fresh token, once per token. Not while impersonating: the
 * refresh cookie is the admin's and would end the impersonation.
 */
function useFreshTokenWhenVerified(liveStatus: string | undefined) {
  const session = useSession();
  const triedFor = useRef<string | null>(null);
  useEffect(() => {
    if (liveStatus !== 'Verified' || session.KYCstatus || !session.token || session.impersonated) return;
    if (triedFor.current === session.token) return;
    triedFor.current = session.token;
    refreshAccessToken().catch(() => undefined);
  }, [liveStatus, session.token, session.impersonated, session.KYCstatus]);
}

export function KycVerification() {
  const session = useSession();
  const { kyc, error, isLoading, mutate } = useMe();
  const { trigger: upload, busy } = useRequestKyc();
  useFreshTokenWhenVerified(kyc);
  const status = kyc ?? session.KYCstring;
  const unknown = kyc === undefined && Boolean(error);
  const [documentType, setDocumentType] = useState('passport');
  const [documentNumber, setDocumentNumber] = useState('');
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [selfie, setSelfie] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!documentNumber.trim()) next.documentNumber = 'Enter the document number';
    else if (!matchesPattern(DOCUMENT_NUMBER, documentNumber.trim()) || !withinLength(DOCUMENT_NUMBER, documentNumber.trim()))
      next.documentNumber = `Use ${DOCUMENT_NUMBER.minLength}–${DOCUMENT_NUMBER.maxLength} letters, digits, spaces, dots, slashes or dashes`;
    const f = fileError(front, true);
    const b = fileError(back, false);
    const s = fileError(selfie, true);
    if (f) next.front = f;
    if (b) next.back = b;
    if (s) next.selfie = s;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    try {
      await upload({ documentType, documentNumber: documentNumber.trim(), front: front!, back, selfie: selfie! });
      toast.success('Documents uploaded. Verification is pending.');
    } catch (error) {
      setErrors(fieldErrors(error, ['documentType', 'documentNumber', 'front', 'back', 'selfie']));
      setFormError(error instanceof ApiError && error.status === 409 ? errorMessage(error, 'Your documents are already under review') : errorMessage(error));
    }
  }

  // while the live status cannot be read, do not offer an upload the server may refuse
  const canSubmit = !unknown && status !== 'Pending' && status !== 'Verified';
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>KYC verification</h1>
        <p className="muted">We need to verify your identity before deposits, withdrawals and copying.</p>
      </header>
      <section className="card" aria-labelledby="kyc-status-title">
        <h2 id="kyc-status-title">Status</h2>
        {unknown ? (
          <ErrorState error={error} onRetry={() => void mutate()} />
        ) : isLoading && kyc === undefined ? (
          <LoadingState label="Loading status" />
        ) : (
          <>
            {error ? <InlineError error={error} onRetry={() => void mutate()} /> : null}
            <p>
              Your verification status: <StatusBadge status={status} />
            </p>
          </>
        )}
        {!unknown && status === 'Pending' && <p className="muted">Your documents are being reviewed. This usually takes less than one business day.</p>}
        {!unknown && status === 'Verified' && <p className="muted">Your identity is verified. Nothing more to do.</p>}
      </section>
      {canSubmit && (
        <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="kyc-form-title">
          <h2 id="kyc-form-title">Upload documents</h2>
          <p className="muted small">JPEG, PNG or PDF, at most {MAX_FILE_BYTES / 1024 / 1024} MB each. Documents are never shown publicly.</p>
          <FormError message={formError} />
          <div className="form-grid">
            <SelectField label="Document type" value={documentType} onChange={(e) => setDocumentType(e.target.value)} error={errors.documentType}>
              {DOCUMENT_TYPES.map((d) => (
                <option key={d.value} value={d.value}>{d.label}</option>
              ))}
            </SelectField>
            <TextField label="Document number" value={documentNumber} onChange={(e) => setDocumentNumber(e.target.value)} error={errors.documentNumber} />
          </div>
          <div className="grid grid--3">
            <FilePicker label="Front of the document" file={front} onChange={setFront} error={errors.front} />
            <FilePicker label="Back of the document" file={back} onChange={setBack} error={errors.back} optional />
            <FilePicker label="Selfie holding the document" file={selfie} onChange={setSelfie} error={errors.selfie} />
          </div>
          <Button writes type="submit" variant="primary" disabled={busy}>
            {busy ? 'Uploading…' : 'Upload documents'}
          </Button>
        </form>
      )}
    </div>
  );
}
