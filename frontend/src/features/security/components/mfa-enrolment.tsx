import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { rulesResolver } from '../../../lib/form-rules';
import { useSession } from '../../../lib/auth-session';
import { CheckboxField, FormError, TextField } from '../../../components/ui/field';
import { setUpMfa, useEnableMfa, type MfaSetup } from '../api/mfa';
import { Button } from '../../../components/ui/button';

/**
 * 2FA enrolment (product.md §10): scan the QR code (or type the secret), confirm a code, then keep the
 * 10 recovery codes, shown once. Admins are sent here until they have enrolled.
 */
const STEPS = ['Scan the QR code with your authenticator app', 'Enter the 6-digit code it shows', 'Save your recovery codes'];

type CodeValues = { code: string };
/**
 * The confirmation code: an authenticator's six digits. MfaCodeRequestDto has no generated rule (its MaxLength is not
 * in the OpenAPI document), so LoginRequestDto's code rule stands in.
 */
export const enrolmentResolver = rulesResolver<'LoginRequestDto', CodeValues>('LoginRequestDto', {
  code: { required: 'Enter the 6-digit code from your authenticator app', invalid: 'Enter the 6 digits your authenticator app shows' },
});

/** The three steps of enrolment, numbered, the current one marked (aria-current="step"). */
function Steps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="mfa-steps" aria-label="Steps">
      {STEPS.map((step, i) => (
        <li key={step} aria-current={i + 1 === current ? 'step' : undefined} className={i + 1 < current ? 'done' : undefined}>
          {step}
        </li>
      ))}
    </ol>
  );
}

export function MfaEnrolment() {
  const navigate = useNavigate();
  const session = useSession();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const { register, handleSubmit, formState } = useForm<CodeValues>({ defaultValues: { code: '' }, resolver: enrolmentResolver });
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const { trigger: enable, busy } = useEnableMfa();

  useEffect(() => {
    setUpMfa().then(setSetup, (e: unknown) => setError(errorMessage(e)));
  }, []);

  async function onSubmit({ code }: CodeValues) {
    setError(null);
    try {
      const result = await enable(code);
      setRecoveryCodes(result.recoveryCodes);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  if (recoveryCodes) {
    const text = `Mirrorline recovery codes (each works once)\n${recoveryCodes.join('\n')}\n`;
    return (
      <section aria-label="Recovery codes" className="card mfa-card">
        <Steps current={3} />
        <h2>Two-factor authentication is on</h2>
        <p>Keep these recovery codes somewhere safe. Each works once if you lose your device. They are not shown again.</p>
        <ul className="recovery-codes" aria-label="Recovery code list">
          {recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <div className="mfa-card__actions">
          <Button
            variant="outline"
            onClick={() =>
              void navigator.clipboard?.writeText(text).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <a className="btn btn--outline" href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="mirrorline-recovery-codes.txt">
            Download
          </a>
        </div>
        <CheckboxField label="I saved these codes" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        <Button variant="primary" disabled={!saved} onClick={() => navigate(session.isAdmin ? '/admindashboard' : '/userdashboard', { replace: true })}>
          Continue
        </Button>
      </section>
    );
  }

  return (
    <section aria-label="Two-factor authentication" className="card mfa-card">
      <Steps current={1} />
      <h2>Turn on two-factor authentication</h2>
      {session.isAdmin && <p className="notice" role="status">Admins must turn on two-factor authentication before anything else.</p>}
      {setup ? (
        <>
          <img src={setup.qrDataUrl} alt="QR code for your authenticator app" width={200} height={200} />
          <p>
            Or type this key: <code data-testid="mfa-secret">{setup.secret}</code>
          </p>
        </>
      ) : (
        !error && <p>Preparing…</p>
      )}
      <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-label="Confirm two-factor code">
        <FormError message={error} />
        <TextField label="Code" inputMode="numeric" autoComplete="one-time-code" {...register('code')} error={formState.errors.code?.message} required />
        <Button writes type="submit" variant="primary" disabled={busy || !setup}>
          {busy ? 'Checking…' : 'Turn on'}
        </Button>
      </form>
    </section>
  );
}
