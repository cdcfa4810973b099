import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/money';
import { keyMatches } from '../../../lib/swr-keys';
import { toast } from '../../../lib/toast';
import { StatusBadge } from '../../../components/ui/badge';
import { SelectField } from '../../../components/ui/field';
import { AsyncBlock, EmptyState } from '../../../components/ui/states';
import { getKycDocument } from '../api/get-kyc-document';
import { useKycSubmissions, type KycFile, type KycSubmission } from '../api/get-kyc-submissions';
import { updateUser } from '../api/update-user';
import { Pager } from '../../../components/ui/pager';

const LABELS: Record<string, string> = { passport: 'Passport', national_id: 'National ID card', driving_licence: 'Driving licence' };

async function openDocument(file: KycFile) {
  // opened before the await so that pop-up blockers accept it
  const tab = window.open('', '_blank');
  try {
    const blob = await getKycDocument(file.url);
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
  const { mutate: globalMutate } = useSWRConfig();
  const [busy, setBusy] = useState<string | null>(null);
  const pages = result ? Math.max(1, Math.ceil(result.total / Math.max(1, result.limit || 10))) : 1;

  async function decide(s: KycSubmission, KYC: 'Verified' | 'Unverified') {
    setBusy(s.id);
    try {
      await updateUser({ userId: s.userId, KYC });
      toast.success('KYC status updated successfully');
      void globalMutate(keyMatches('/admin/kyc', '/user/get-all'));
    } catch (err) {
      toast.error(err instanceof ApiError && typeof err.status === 'number' ? 'Sorry an error occured. Refresh!' : 'Error updating KYC status');
    } finally {
      setBusy(null);
    }
  }

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
      <AsyncBlock
        data={result}
        error={error}
        isLoading={isLoading}
        onRetry={() => void mutate()}
        loadingLabel="Loading submissions"
        isEmpty={(r) => r.items.length === 0}
        empty={<EmptyState title={status ? `No ${status.toLowerCase()} submissions` : 'No submissions'} />}
      >
        {(r) => (
          <>
            <div className="table-wrap">
              <table className="table" aria-label="KYC submissions">
                <thead>
                  <tr>
                    <th scope="col">Submitted</th>
                    <th scope="col">User</th>
                    <th scope="col">Document</th>
                    <th scope="col">Files</th>
                    <th scope="col">Status</th>
                    <th scope="col">Decision</th>
                  </tr>
                </thead>
                <tbody>
                  {r.items.map((s) => (
                    <tr key={s.id} aria-label={`KYC submission of ${s.username || s.email}`}>
                      <td>{formatDate(s.createdAt)}</td>
                      <td>
                        {s.username}
                        <div className="muted small">{s.email}</div>
                      </td>
                      <td>
                        {LABELS[s.documentType] ?? s.documentType}
                        <div className="muted small">{s.documentNumber}</div>
                      </td>
                      <td className="actions">
                        {s.files.map((f) => (
                          <button key={f.name} type="button" className="btn btn--ghost btn--sm" onClick={() => void openDocument(f)}>
                            View {f.name}
                          </button>
                        ))}
                      </td>
                      <td><StatusBadge status={s.status} /></td>
                      <td className="actions">
                        {s.status === 'Pending' && (
                          <>
                            <button type="button" className="btn btn--primary btn--sm" disabled={busy === s.id} onClick={() => void decide(s, 'Verified')}>Verify</button>
                            <button type="button" className="btn btn--danger btn--sm" disabled={busy === s.id} onClick={() => void decide(s, 'Unverified')}>Refuse</button>
                          </>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager label="Submission pages" page={page} pages={pages} onPage={setPage} />
          </>
        )}
      </AsyncBlock>
    </section>
  );
}
