import { useState } from 'react';
import { useSession } from '../../lib/auth-session';
import { useEndImpersonation } from '../../lib/use-end-impersonation';
import { Button } from '../ui/button';

/** While an admin acts as a user: who, and the way back. */
export function ImpersonationBanner() {
  const session = useSession();
  const endImpersonation = useEndImpersonation();
  const [busy, setBusy] = useState(false);
  if (!session.impersonated) return null;
  return (
    <div className="impersonation-banner" role="region" aria-label="Impersonation">
      <p>
        You are acting as <strong>{session.username || session.email}</strong>. What you do here is recorded as done by you.
      </p>
      <Button
        variant="primary"
        size="sm"
        busy={busy}
        onClick={() => {
          setBusy(true);
          void endImpersonation().finally(() => setBusy(false));
        }}
      >
        Return to admin
      </Button>
    </div>
  );
}
