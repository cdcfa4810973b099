import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { rulesResolver, setServerErrors } from '../../../lib/form-rules';
import { refreshAccessToken, useSession } from '../../../lib/auth-session';
import { toast } from '../../../lib/toast';
import { StatusBadge } from '../../../components/ui/badge';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { ErrorState, InlineError, LoadingState } from '../../../components/ui/states';
import { useMe } from '../api/get-me';
import { ACCEPTED_TYPES, DOCUMENT_NUMBER, fileError, MAX_FILE_BYTES, useRequestKyc } from '../api/request-kyc';
import { Button } from '../../../components/ui/button';

const DOCUMENT_TYPES = [
  { value: 'passport', label: 'Passport' },
  { value: 'national_id', label: 'National ID card' },
  { value: 'driving_licence', label: 'Driving licence' },
];

type KycValues = { documentType: string; documentNumber: string; front: File | null; back: File | null; selfie: File | null };
const KYC_FIELDS = ['documentType', 'documentNumber', 'front', 'back', 'selfie'] as const;

const documentNumberResolver = rulesResolver<'RequestKycMultipartSchema', KycValues>('RequestKycMultipartSchema', {
  documentNumber: {
    required: 'Enter the document number',
    invalid: `Use ${DOCUMENT_NUMBER.minLength}–${DOCUMENT_NUMBER.maxLength} letters, digits, spaces, dots, slashes or dashes`,
  },
});

/** The upload's checks: RequestKycMultipartSchema's document number rule, and each file's content types and size (`fileError`). */
export const kycResolver: Resolver<KycValues> = async (values, context, options) => {
  const text = await documentNumberResolver(values, context, options);
  const files: Record<string, { type: string; message: string }> = {};
  for (const [name, required] of [['front', true], ['back', false], ['selfie', true]] as const) {
    const message = fileError(values[name], required);
    if (message) files[name] = { type: 'rules', message };
  }
  if (!Object.keys(files).length) return text;
  return { values: {}, errors: { ...text.errors, ...files } as FieldErrors<KycValues> };
};

/** A document's file: the kit's field (label, input, error and hint wired by id), the chosen file's preview as its hint. */
function FilePicker({ label, file, onChange, error, optional }: { label: string; file: File | null; onChange: (f: File | null) => void; error?: string; optional?: boolean }) {
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
    <TextField
      className="file-picker"
      label={optional ? `${label} (optional)` : label}
      type="file"
      accept={ACCEPTED_TYPES.join(',')}
      onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      error={error}
      hint={
        file && (
          <span className="file-picker__preview" aria-live="polite">
            {preview ? <img src={preview} alt={`Preview of ${label.toLowerCase()}`} /> : <span className="muted small">{file.name}</span>}
          </span>
        )
      }
    />
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
  const { register, handleSubmit, setError, setValue, watch, formState } = useForm<KycValues>({
    defaultValues: { documentType: 'passport', documentNumber: '', front: null, back: null, selfie: null },
    resolver: kycResolver,
  });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const [front, back, selfie] = watch(['front', 'back', 'selfie']);
  /** A file picker's file is a form value (set by hand: a file input cannot be given a value). */
  const pick = (name: 'front' | 'back' | 'selfie') => (file: File | null) => setValue(name, file, { shouldValidate: formState.isSubmitted });

  async function onSubmit({ front, selfie, ...rest }: KycValues) {
    setFormError(null);
    try {
      // the resolver has checked that both are there
      await upload({ ...rest, front: front!, selfie: selfie! });
      toast.success('Documents uploaded. Verification is pending.');
    } catch (error) {
      setServerErrors(setError, error, KYC_FIELDS);
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
        <form className="card" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-labelledby="kyc-form-title">
          <h2 id="kyc-form-title">Upload documents</h2>
          <p className="muted small">JPEG, PNG or PDF, at most {MAX_FILE_BYTES / 1024 / 1024} MB each. Documents are never shown publicly.</p>
          <FormError message={formError} />
          <div className="form-grid">
            <SelectField label="Document type" {...register('documentType')} error={errors.documentType?.message}>
              {DOCUMENT_TYPES.map((d) => (
                <option key={d.value} value={d.value}>{d.label}</option>
              ))}
            </SelectField>
            <TextField label="Document number" {...register('documentNumber')} error={errors.documentNumber?.message} />
          </div>
          <div className="grid grid--3">
            <FilePicker label="Front of the document" file={front} onChange={pick('front')} error={errors.front?.message} />
            <FilePicker label="Back of the document" file={back} onChange={pick('back')} error={errors.back?.message} optional />
            <FilePicker label="Selfie holding the document" file={selfie} onChange={pick('selfie')} error={errors.selfie?.message} />
          </div>
          <Button writes type="submit" variant="primary" disabled={busy}>
            {busy ? 'Uploading…' : 'Upload documents'}
          </Button>
        </form>
      )}
    </div>
  );
}
