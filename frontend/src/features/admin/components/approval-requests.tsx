import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth-session';
import { formatDate, formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/states';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { useApprovals, type ApprovalRequest } from '../api/get-approvals';
import { useDecideApproval } from '../api/decide-approval';

/** What the request asks, in words: "Admin role for bob", "Credit $25.00 to bob". */
export function requestLabel(r: ApprovalRequest): string {
  if (r.kind === 'admin_grant') return `Admin role for ${r.target.username}`;
  const amount = r.amount ?? '0';
  return amount.startsWith('-') ? `Debit ${formatMoney(amount.slice(1))} from ${r.target.username}` : `Credit ${formatMoney(amount)} to ${r.target.username}`;
}

/** Why I may not approve it (four eyes: never my own request, never one that benefits me), or null. */
export function cannotApprove(r: ApprovalRequest, me: string): string | null {
  if (r.requestedBy === me) return 'You asked for this: another admin approves it';
  if (r.target._id === me) return 'This is for you: another admin approves it';
  return null;
}

/**
 * Four eyes (product.md §11.4): granting the Admin role and a manual balance adjustment wait here until a
 * different admin approves them. The admin who asked, and the user it benefits, see why they cannot approve;
 * anyone may reject (the requester withdraws it so).
 */
export function ApprovalRequests() {
  const { userId: me } = useSession();
  const { data, error, isLoading, mutate } = useApprovals();
  const { decide: decideNow, busyId } = useDecideApproval();
  const [asking, setAsking] = useState<{ r: ApprovalRequest; decision: 'approve' | 'reject' } | null>(null);

  async function decide(r: ApprovalRequest, decision: 'approve' | 'reject') {
    try {
      await decideNow(r.id, decision);
      toast.success(decision === 'approve' ? 'Request approved' : 'Request rejected');
    } catch (err) {
      toast.error(errorMessage(err));
      throw err; // the dialog stays open and says why
    }
  }

  const columns: Column<ApprovalRequest>[] = [
    { header: 'Asked', cell: (r) => formatDate(r.createdAt) },
    { header: 'Request', cell: (r) => <>{requestLabel(r)}<div className="muted small">{r.target.email}</div></> },
    { header: 'Reason', cell: (r) => r.reason ?? '—' },
    { header: 'Asked by', cell: (r) => r.requestedByUsername },
    {
      header: 'Actions',
      className: 'actions',
      cell: (r) => {
        const refusal = cannotApprove(r, me);
        return (
          <>
            <Button variant="primary" size="sm" disabled={busyId === r.id || refusal !== null} title={refusal ?? undefined} onClick={() => setAsking({ r, decision: 'approve' })}>
              Approve
            </Button>
            <Button variant="danger" size="sm" disabled={busyId === r.id} onClick={() => setAsking({ r, decision: 'reject' })}>
              Reject
            </Button>
            {refusal && <div className="muted small">{refusal}</div>}
          </>
        );
      },
    },
  ];

  return (
    <section className="card" aria-labelledby="approvals-title">
      <div className="card__head">
        <h2 id="approvals-title">Waiting for a second admin{data ? ` (${data.total})` : ''}</h2>
      </div>
      <DataTable
        label="Approval requests"
        columns={columns}
        rows={data?.items}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'aria-label': requestLabel(r) })}
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        loadingLabel="Loading approval requests"
        empty={<EmptyState title="Nothing waits for approval" />}
      />
      <ConfirmDialog
        open={asking !== null}
        title={asking ? `${asking.decision === 'approve' ? 'Approve' : 'Reject'}: ${requestLabel(asking.r)}?` : ''}
        confirmLabel={asking?.decision === 'approve' ? 'Approve' : 'Reject'}
        danger={asking?.decision === 'reject'}
        onConfirm={() => (asking ? decide(asking.r, asking.decision) : undefined)}
        onClose={() => setAsking(null)}
      >
        <p>
          {asking?.decision === 'approve'
            ? asking.r.kind === 'admin_grant'
              ? `${asking.r.target.username} (${asking.r.target.email}) becomes an Admin, asked by ${asking.r.requestedByUsername}.`
              : `The cash balance of ${asking.r.target.username} (${asking.r.target.email}) changes by ${formatMoney(asking.r.amount, { signed: true })}, asked by ${asking.r.requestedByUsername}: booked as an audited ledger adjustment.`
            : 'Nothing changes: the request is closed as rejected.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
