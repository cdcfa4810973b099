import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
import { setCredentials } from '../../../lib/auth-session';
import { toast } from '../../../lib/toast';
import { useResetCache } from '../../../lib/use-logout';
import { leaveThenSwitch } from '../../../lib/switch-session';
import { Money } from '../../../components/ui/money';
import { Cell, type Column } from '../../../components/ui/data-table';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { formatMoney } from '../../../lib/money';
import { blockUser } from '../api/block-user';
import { deleteUser } from '../api/delete-user';
import { impersonate } from '../api/impersonate';
import { updateUser, type UpdateUserBody } from '../api/update-user';
import { impersonationMessage, KYC_OPTIONS, ROLE_OPTIONS, type AdminUser } from '../api/types';

const FAILED = 'Sorry an error occured. Refresh!';

/** The users table's columns; each row is a `UserRow` (it holds its own edits). */
export const USER_COLUMNS: Column<AdminUser>[] = ['No.', 'Username', 'Email', 'Roles', 'Trader ID', 'KYC Status', 'Balance', 'Actions'].map((header) => ({
  header,
  cell: () => null,
}));

/**
 * Seed §8, exactly: a failing HTTP answer (any status) to block, delete or a KYC update gets the generic
 * 'Sorry an error occured. Refresh!' (the seed's spelling); a thrown error (network, timeout) gets `thrown`.
 */
function reportFailure(error: unknown, thrown: string) {
  if (error instanceof ApiError && typeof error.status === 'number') toast.error(FAILED);
  else toast.error(thrown);
}

interface Confirmation {
  title: string;
  body: string;
  label: string;
  danger?: boolean;
  run: () => Promise<void>;
}

export function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((r) => b.includes(r));
}

export function UserRow({ user, index, onChanged }: { user: AdminUser; index: number; onChanged: () => void }) {
  const navigate = useNavigate();
  const resetCache = useResetCache();
  const [roles, setRoles] = useState<string[]>(user.roles);
  const [balance, setBalance] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<Confirmation | null>(null);
  const label = user.username || user.email;
  const who = user.username ? `${user.username} (${user.email})` : user.email;

  function toggleRole(role: string) {
    setRoles((r) => (r.includes(role) ? r.filter((x) => x !== role) : [...r, role]));
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }

  const onUpdate = () =>
    run(async () => {
      if (!user._id) return; // seed §5: an empty user id is rejected silently
      const body: UpdateUserBody = { userId: user._id };
      const nextRoles = ROLE_OPTIONS.filter((r) => r === 'User' || roles.includes(r));
      if (!sameRoles(nextRoles, user.roles)) body.roles = [...nextRoles];
      // digits only; BigInt drops leading zeros, which the API's format refuses ("0300.00")
      if (balance !== '') body.balance = `${BigInt(balance).toString()}.00`;
      if (body.roles === undefined && body.balance === undefined) {
        toast.info('No changes to update');
        return;
      }
      if (body.balance !== undefined) {
        const next = body.balance;
        setConfirm({
          title: `Change the balance of ${label}?`,
          body: `${who}: the cash balance goes from ${formatMoney(user.balance)} to ${formatMoney(next)}${body.roles ? `, and the roles become ${body.roles.join(', ')}` : ''}. The difference is booked as an audited ledger adjustment.`,
          label: 'Change balance',
          run: () => sendUpdate(body),
        });
        return;
      }
      await sendUpdate(body);
    });

  async function sendUpdate(body: UpdateUserBody) {
    try {
      await updateUser(body);
      toast.success('User updated successfully');
      setBalance('');
      onChanged();
    } catch {
      // seed §8: exactly this line, whatever the server said
      toast.error('Error updating user');
    }
  }

  const onKyc = (KYC: string) =>
    setConfirm({
      title: `Set the KYC status of ${label} to ${KYC}?`,
      body: `${who} goes from ${user.KYC} to ${KYC}.${KYC === 'Verified' ? ' A verified user can deposit, withdraw and copy traders.' : ' Until verified again the user cannot withdraw or start copying.'}`,
      label: `Set ${KYC}`,
      run: () => kycNow(KYC),
    });

  const kycNow = (KYC: string) =>
    run(async () => {
      if (!user._id) return;
      try {
        await updateUser({ userId: user._id, KYC });
        toast.success('KYC status updated successfully');
        onChanged();
      } catch (error) {
        reportFailure(error, 'Error updating KYC status');
      }
    });

  const onBlock = () =>
    setConfirm(
      user.blocked
        ? { title: `Unblock ${label}?`, body: `${who} can sign in again.`, label: 'Unblock', run: blockNow }
        : { title: `Block ${label}?`, body: `${who} is signed out everywhere and cannot sign in until unblocked. Their money and copies stay as they are.`, label: 'Block', danger: true, run: blockNow },
    );

  const blockNow = () =>
    run(async () => {
      if (!user._id) return;
      try {
        await blockUser(user._id, !user.blocked);
        toast.success(user.blocked ? 'User unblocked successfully' : 'User blocked successfully');
        onChanged();
      } catch (error) {
        reportFailure(error, 'Error blocking user');
      }
    });

  const onDelete = () =>
    setConfirm({
      title: `Delete ${label}?`,
      body: `${who} is deleted for good. A user who still has money or copies cannot be deleted: the reason is shown here.`,
      label: 'Delete',
      danger: true,
      run: deleteNow,
    });

  const deleteNow = () =>
    run(async () => {
      if (!user._id) return;
      try {
        await deleteUser(user._id);
        toast.success('User deleted successfully');
        onChanged();
      } catch (error) {
        reportFailure(error, 'Error deleting user');
        // the dialog stays open and says why (the server's message)
        throw error;
      }
    });

  const onLoginAs = () =>
    run(async () => {
      if (!user._id) return;
      try {
        const { accessToken } = await impersonate(user._id);
        toast.success('Login Successful');
        // lands on the user's dashboard; the banner there leads back (see ImpersonationBanner)
        leaveThenSwitch(navigate, '/userdashboard', () => {
          setCredentials({ accessToken });
          void resetCache();
        });
      } catch (error) {
        toast.error(impersonationMessage(error instanceof ApiError ? error.status : undefined));
      }
    });

  return (
    <tr aria-label={`User ${label}`} className={user.blocked ? 'is-blocked' : undefined}>
      <Cell label="No.">{index}</Cell>
      <Cell label="Username">
        {user.username}
        {user.blocked && <span className="badge badge--red">Blocked</span>}
      </Cell>
      <Cell label="Email">{user.email}</Cell>
      <Cell label="Roles">
        <div className="role-checks" role="group" aria-label={`Roles of ${label}`}>
          {ROLE_OPTIONS.map((r) => (
            <label key={r} className="checkbox checkbox--sm">
              <input type="checkbox" checked={r === 'User' || roles.includes(r)} disabled={r === 'User'} onChange={() => toggleRole(r)} aria-label={`${r} role for ${label}`} />
              {r}
            </label>
          ))}
        </div>
      </Cell>
      <Cell label="Trader ID">{user.traderID ?? 'No traderID'}</Cell>
      <Cell label="KYC Status">
        <select
          className="field__input field__input--sm"
          aria-label={`KYC status of ${label}`}
          value={user.KYC}
          disabled={busy}
          onChange={(e) => void onKyc(e.target.value)}
        >
          {KYC_OPTIONS.map((k) => (
            <option key={k} value={k}>{k}</option>
          ))}
        </select>
      </Cell>
      <Cell label="Balance">
        <Money value={user.balance} />
        <input
          className="field__input field__input--sm balance-box"
          inputMode="numeric"
          placeholder="New balance"
          maxLength={8}
          aria-label={`New balance for ${label}`}
          value={balance}
          onChange={(e) => {
            // seed §5: digits only (or empty)
            if (/^\d*$/.test(e.target.value)) setBalance(e.target.value);
          }}
        />
      </Cell>
      <Cell label="Actions" className="actions">
        <Button variant="primary" size="sm" disabled={busy} onClick={() => void onUpdate()}>Update</Button>
        <Button size="sm" disabled={busy} onClick={onBlock}>
          {user.blocked ? 'Unblock' : 'Block'}
        </Button>
        <Button variant="danger" size="sm" disabled={busy} onClick={onDelete}>Delete</Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void onLoginAs()}>Log in as</Button>
        <ConfirmDialog
          open={confirm !== null}
          title={confirm?.title ?? ''}
          confirmLabel={confirm?.label}
          danger={confirm?.danger}
          onConfirm={() => confirm?.run()}
          onClose={() => setConfirm(null)}
        >
          <p>{confirm?.body}</p>
        </ConfirmDialog>
      </Cell>
    </tr>
  );
}
