import { useSession } from '../../lib/auth-session';
import { useReturnToAdmin } from '../../lib/use-end-impersonation';
import { Button } from '../ui/button';

/** While an admin acts as a user: who, and the way back. */
export function ImpersonationBanner() {
  const session = useSession();
  const back = useReturnToAdmin();
  if (!session.impersonated) return null;
  return (
    <div className="impersonation-banner" role="region" aria-label="Impersonation">
      <p>
        You are acting as <strong>{session.username || session.email}</strong>. What you do here is recorded as done by you.
      </p>
      <Button variant="primary" size="sm" busy={back.busy} onClick={() => void back.trigger()}>
        Return to admin
      </Button>
    </div>
  );
}
