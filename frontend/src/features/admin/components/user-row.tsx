import { CheckboxField } from '../../../components/ui/field';
import { Money } from '../../../components/ui/money';
import { Badge } from '../../../components/ui/badge';
import { Cell, type Column } from '../../../components/ui/data-table';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { KYC_OPTIONS, ROLE_OPTIONS, type AdminUser } from '../api/types';
import { pendingLabel, REASON } from './user-rules';
import { useUserActions } from './use-user-actions';

/** The users table's columns; each row is a `UserRow` (it holds its own edits). */
export const USER_COLUMNS: Column<AdminUser>[] = ['No.', 'Username', 'Email', 'Roles', 'Trader ID', 'KYC Status', 'Balance', 'Actions'].map((header) => ({
  header,
  cell: () => null,
}));

/** One user of the admin table: the cells and the row's actions (`useUserActions`). */
export function UserRow({ user, index }: { user: AdminUser; index: number }) {
  const { label, roles, toggleRole, adjustment, setAdjustment, reason, setReason, busy, adjusting, confirm, setConfirm, onUpdate, onKyc, onBlock, onDelete, onLoginAs } =
    useUserActions(user);
  return (
    <tr aria-label={`User ${label}`} className={user.blocked ? 'is-blocked' : undefined}>
      <Cell label="No.">{index}</Cell>
      <Cell label="Username" className="cell-break">
        {user.username}
        {user.blocked && <span className="badge badge--red">Blocked</span>}
        {user.pendingApprovals.map((p) => (
          <Badge key={p.id} tone="amber">{pendingLabel(p)}</Badge>
        ))}
      </Cell>
      <Cell label="Email" className="cell-break">{user.email}</Cell>
      <Cell label="Roles">
        <div className="role-checks" role="group" aria-label={`Roles of ${label}`}>
          {ROLE_OPTIONS.map((r) => (
            <CheckboxField key={r} className="checkbox--sm" label={r} checked={r === 'User' || roles.includes(r)} disabled={r === 'User'} onChange={() => toggleRole(r)} aria-label={`${r} role for ${label}`} />
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
          inputMode="decimal"
          placeholder="± amount"
          aria-label={`Balance adjustment for ${label}`}
          value={adjustment}
          onChange={(e) => {
            // a sign, digits (thousands separators allowed) and up to 2 decimals, or empty
            if (/^[+\-−]?[\d,]*(\.\d{0,2})?$/.test(e.target.value)) setAdjustment(e.target.value);
          }}
        />
        {adjustment.trim() !== '' && (
          <input
            className="field__input field__input--sm balance-box"
            placeholder="Reason (required)"
            maxLength={REASON.maxLength}
            required
            aria-label={`Reason for the balance adjustment of ${label}`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </Cell>
      <Cell label="Actions" className="actions">
        <Button variant="primary" size="sm" disabled={busy || adjusting} busy={adjusting} onClick={() => void onUpdate()}>Update</Button>
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
