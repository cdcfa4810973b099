import { useAdminDetails } from '../api/get-admin-details';
import { KycReview } from './kyc-review';

/** The KYC queue: the submissions waiting for a decision (Pending first), with their count. */
export function KycQueue() {
  const { data } = useAdminDetails();
  const waiting = data?.kycPending;
  return (
    <div className="stack">
      <header className="page__header page__header--dash">
        <h1>KYC Queue</h1>
        <p className="muted" role="status">
          {waiting === undefined ? 'Counting the submissions…' : waiting === 0 ? 'No submission waits for a decision.' : `${waiting} ${waiting === 1 ? 'user waits' : 'users wait'} for a KYC decision.`}
        </p>
      </header>
      <KycReview />
    </div>
  );
}
