import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { StatusBadge } from '../../../components/ui/badge';
import { SelectField } from '../../../components/ui/field';
import { EmptyState } from '../../../components/ui/states';
import { Button } from '../../../components/ui/button';
import { DataTable, pageCount, type Column } from '../../../components/ui/data-table';
import { getKycDocument } from '../api/get-kyc-document';
import { useKycSubmissions, type KycFile, type KycSubmission } from '../api/get-kyc-submissions';
import { useDecideKyc } from '../api/update-user';

const LABELS: Record<string, string> = { passport: 'Passport', national_id: 'National ID card', driving_licence: 'Driving licence' };

async function openDocument(submissionId: string, file: KycFile) {
  // opened before the await so that pop-up blockers accept it
  const tab = window.open('', '_blank');
  try {
    const blob = await getKycDocument(submissionId, file.name);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    toast.error(errorMessage(error, 'Could not open the document'));
  }
}

/** KYC submissions with their documents; a decision sets the user's KYC status (user/update {userId, KYC}). */
export function KycReview() {
  const [status, setStatus] = useState('Pending');
  const [page, setPage] = useState(1);
  const { page: result, error, isLoading, mutate } = useKycSubmissions(status, page);
  const kyc = useDecideKyc();

  async function decide(s: KycSubmission, KYC: 'Verified' | 'Unverified') {
    try {
      await kyc.decide(s.id, s.userId, KYC);
      toast.success('KYC status updated successfully');
    } catch (err) {
      toast.error(err instanceof ApiError && typeof err.status === 'number' ? 'Sorry an error occured. Refresh!' : 'Error updating KYC status');
    }
  }

  const columns: Column<KycSubmission>[] = [
    { header: 'Submitted', cell: (s) => formatDate(s.createdAt) },
    { header: 'User', className: 'cell-break', cell: (s) => <>{s.username}<div className="muted small">{s.email}</div></> },
    { header: 'Document', className: 'cell-break', cell: (s) => <>{LABELS[s.documentType] ?? s.documentType}<div className="muted small">{s.documentNumber}</div></> },
    {
      header: 'Files',
      className: 'actions',
      cell: (s) =>
        s.files.map((f) => (
          <Button key={f.name} size="sm" onClick={() => void openDocument(s.id, f)}>
            View {f.name}
          </Button>
        )),
    },
    { header: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
    {
      header: 'Decision',
      className: 'actions',
      cell: (s) =>
        s.status === 'Pending' && (
          <>
            <Button variant="primary" size="sm" disabled={kyc.busyId === s.id} onClick={() => void decide(s, 'Verified')}>Verify</Button>
            <Button variant="danger" size="sm" disabled={kyc.busyId === s.id} onClick={() => void decide(s, 'Unverified')}>Refuse</Button>
          </>
        ),
    },
  ];

  return (
    <section className="card" aria-labelledby="kyc-review-title">
      <div className="card__head">
        <h2 id="kyc-review-title">KYC submissions</h2>
        <SelectField
          label="Submission status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        >
          <option value="Pending">Pending</option>
          <option value="Verified">Verified</option>
          <option value="Rejected">Rejected</option>
          <option value="">All</option>
        </SelectField>
      </div>
      <DataTable
        label="KYC submissions"
        columns={columns}
        rows={result?.items}
        rowKey={(s) => s.id}
        rowProps={(s) => ({ 'aria-label': `KYC submission of ${s.username || s.email}` })}
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        loadingLabel="Loading submissions"
        empty={<EmptyState title={status ? `No ${status.toLowerCase()} submissions` : 'No submissions'} />}
        page={page}
        pages={pageCount(result, 10)}
        onPage={setPage}
        pagerLabel="Submission pages"
      />
    </section>
  );
}
