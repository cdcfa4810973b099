import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { leaveThenSwitch } from '../../../lib/switch-session';
import { centsToString, formatMoney, toCents } from '../../../lib/money';
import { useBlockUser } from '../api/block-user';
import { useDeleteUser } from '../api/delete-user';
import { useImpersonate } from '../api/impersonate';
import { useAdjustBalance } from '../api/adjust-balance';
import { useUpdateUser, type UpdateUserBody } from '../api/update-user';
import { impersonationMessage, ROLE_OPTIONS, type AdminUser } from '../api/types';
import { parseDelta, reportFailure, REASON, sameRoles, type Confirmation } from './user-rules';

/**
 * What a row of the users table does: its edits (roles, a balance adjustment and its reason), the confirmation each
 * action asks first, and the actions. Each action is a mutation hook: it owns its busy state and refreshes the table.
 */
export function useUserActions(user: AdminUser) {
  const navigate = useNavigate();
  const [roles, setRoles] = useState<string[]>(user.roles);
  const [adjustment, setAdjustment] = useState('');
  const [reason, setReason] = useState('');
  const adjust = useAdjustBalance();
  const update = useUpdateUser();
  const block = useBlockUser();
  const remove = useDeleteUser();
  const loginAs = useImpersonate();
  const busy = update.busy || block.busy || remove.busy || loginAs.busy;
  const [confirm, setConfirm] = useState<Confirmation | null>(null);
  const label = user.username || user.email;
  const who = user.username ? `${user.username} (${user.email})` : user.email;

  function toggleRole(role: string) {
    setRoles((r) => (r.includes(role) ? r.filter((x) => x !== role) : [...r, role]));
  }

  const onUpdate = async () => {
    if (!user._id) return; // seed §5: an empty user id is rejected silently
    const body: UpdateUserBody = { userId: user._id };
    const nextRoles = ROLE_OPTIONS.filter((r) => r === 'User' || roles.includes(r));
    if (!sameRoles(nextRoles, user.roles)) body.roles = [...nextRoles];
    const delta = adjustment.trim() === '' ? null : parseDelta(adjustment);
    if (delta === undefined) {
      toast.error('Enter the adjustment as an amount with up to 2 decimals, e.g. 25.00 or -10.50');
      return;
    }
    if (body.roles === undefined && delta === null) {
      toast.info('No changes to update');
      return;
    }
    if (delta !== null) {
      if (reason.trim().length < REASON.minLength!) {
        toast.error('A reason is required for a balance adjustment');
        return;
      }
      const before = toCents(user.balance) ?? 0n;
      const after = before + delta;
      if (after < 0n) {
        toast.error(`The balance of ${label} cannot go below $0.00`);
        return;
      }
      const amount = `${delta < 0n ? '-' : '+'}${centsToString(delta < 0n ? -delta : delta)}`;
      setConfirm({
        title: `${delta < 0n ? 'Debit' : 'Credit'} ${formatMoney(centsToString(delta < 0n ? -delta : delta))} ${delta < 0n ? 'from' : 'to'} ${label}?`,
        body: `${who}: the cash balance goes from ${formatMoney(user.balance)} to ${formatMoney(centsToString(after))}${body.roles ? `, and the roles become ${body.roles.join(', ')}` : ''}. Reason: “${reason.trim()}”. Another admin must approve it; then it is booked as an audited ledger adjustment.`,
        label: delta < 0n ? 'Debit balance' : 'Credit balance',
        danger: delta < 0n,
        run: () => sendAdjustment(body, amount),
      });
      return;
    }
    await sendUpdate(body);
  };

  async function sendUpdate(body: UpdateUserBody) {
    try {
      const answer = await update.trigger(body);
      // four eyes: the Admin role waits for another admin (the server names what it asked for)
      if (answer.requested.includes('roles')) toast.info("The Admin role waits for another admin's approval");
      else toast.success('User updated successfully');
    } catch {
      // seed §8: exactly this line, whatever the server said
      toast.error('Error updating user');
    }
  }

  /** The adjustment first (it can be refused with a reason), then the roles if they changed too. */
  async function sendAdjustment(body: UpdateUserBody, amount: string) {
    try {
      await adjust.trigger({ userId: user._id, amount, reason: reason.trim() });
    } catch (error) {
      toast.error(errorMessage(error, 'Error adjusting the balance'));
      throw error; // the dialog stays open and says why
    }
    setAdjustment('');
    setReason('');
    if (body.roles) await sendUpdate(body);
    else {
      toast.success('Balance adjustment sent for approval');
    }
  }

  const onKyc = (KYC: string) =>
    setConfirm({
      title: `Set the KYC status of ${label} to ${KYC}?`,
      body: `${who} goes from ${user.KYC} to ${KYC}.${KYC === 'Verified' ? ' A verified user can deposit, withdraw and copy traders.' : ' Until verified again the user cannot withdraw or start copying.'}`,
      label: `Set ${KYC}`,
      run: () => kycNow(KYC),
    });

  const kycNow = async (KYC: string) => {
    if (!user._id) return;
    try {
      await update.trigger({ userId: user._id, KYC });
      toast.success('KYC status updated successfully');
    } catch (error) {
      reportFailure(error, 'Error updating KYC status');
    }
  };

  const onBlock = () =>
    setConfirm(
      user.blocked
        ? { title: `Unblock ${label}?`, body: `${who} can sign in again.`, label: 'Unblock', run: blockNow }
        : { title: `Block ${label}?`, body: `${who} is signed out everywhere and cannot sign in until unblocked. Their money and copies stay as they are.`, label: 'Block', danger: true, run: blockNow },
    );

  const blockNow = async () => {
    if (!user._id) return;
    try {
      await block.trigger({ userId: user._id, blocked: !user.blocked });
      toast.success(user.blocked ? 'User unblocked successfully' : 'User blocked successfully');
    } catch (error) {
      reportFailure(error, 'Error blocking user');
    }
  };

  const onDelete = () =>
    setConfirm({
      title: `Delete ${label}?`,
      body: `${who} is deleted for good. A user who still has money or copies cannot be deleted: the reason is shown here.`,
      label: 'Delete',
      danger: true,
      run: deleteNow,
    });

  const deleteNow = async () => {
    if (!user._id) return;
    try {
      await remove.trigger(user._id);
      toast.success('User deleted successfully');
    } catch (error) {
      reportFailure(error, 'Error deleting user');
      // the dialog stays open and says why (the server's message)
      throw error;
    }
  };

  const onLoginAs = async () => {
    if (!user._id) return;
    try {
      const switchTo = await loginAs.trigger(user._id);
      toast.success('Login Successful');
      // lands on the user's dashboard; the banner there leads back (see ImpersonationBanner)
      leaveThenSwitch(navigate, '/userdashboard', switchTo);
    } catch (error) {
      toast.error(impersonationMessage(error instanceof ApiError ? error.status : undefined));
    }
  };

  return { label, roles, toggleRole, adjustment, setAdjustment, reason, setReason, busy, adjusting: adjust.busy, confirm, setConfirm, onUpdate, onKyc, onBlock, onDelete, onLoginAs };
}
