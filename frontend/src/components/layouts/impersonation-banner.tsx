import { useSession } from '../../lib/auth-session';
import { useReturnToAdmin } from '../../lib/use-end-impersonation';
import { Button } from '../ui/button';

/** While an admin acts as a user (read-only, product.md §12.6): who, that nothing can be changed, and the way back. */
export function ImpersonationBanner() {
  const session = useSession();
  const back = useReturnToAdmin();
  if (!session.impersonated) return null;
  return (
    <div className="impersonation-banner" role="region" aria-label="Impersonation">
      <p>
        Viewing as <strong>{session.username || session.email}</strong> — read-only. Buttons that would change something are turned off.
      </p>
      <Button variant="primary" size="sm" busy={back.busy} onClick={() => void back.trigger()}>
        End
      </Button>
    </div>
  );
}
