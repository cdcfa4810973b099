import { CopyButton } from '../../../components/ui/copy-button';
import { AsyncBlock } from '../../../components/ui/states';
import { formatMoney } from '../../../lib/money';
import { useDepositInstructions } from '../api/get-deposit-instructions';

/**
 * How to pay in (product.md §12.6): a bank transfer with the user's own reference, which is how the admin finds whose
 * money arrived; the account, the limits of one transfer and the expected time.
 */
export function DepositInstructions() {
  const { data, error, isLoading, mutate } = useDepositInstructions();
  return (
    <section className="card deposit-instructions" aria-labelledby="bank-transfer-title">
      <h2 id="bank-transfer-title">Deposit by bank transfer</h2>
      <AsyncBlock data={data} error={error} isLoading={isLoading} onRetry={() => void mutate()} loadingLabel="Loading bank details">
        {(d) => (
          <>
            <p className="muted small">
              Send {d.currency} from a bank account in your name. Put your reference in the transfer&apos;s reference field: it is how
              we know the money is yours.
            </p>
            <div className="deposit-reference">
              <span className="stat-card__label" id="deposit-reference-label">Your reference</span>
              <strong className="deposit-reference__value" data-testid="deposit-reference" aria-labelledby="deposit-reference-label">
                {d.reference}
              </strong>
              <CopyButton text={d.reference} label="Copy reference" />
            </div>
            <dl className="details">
              <div><dt>Beneficiary</dt><dd>{d.beneficiary}</dd></div>
              <div><dt>Bank</dt><dd>{d.bankName}</dd></div>
              <div>
                <dt>IBAN</dt>
                <dd>
                  <span className="mono">{d.iban}</span> <CopyButton text={d.iban.replace(/\s/g, '')} label="Copy IBAN" />
                </dd>
              </div>
              <div><dt>BIC / SWIFT</dt><dd><span className="mono">{d.bic}</span></dd></div>
              <div><dt>Amount per transfer</dt><dd>{formatMoney(d.minAmount)} to {formatMoney(d.maxAmount)}</dd></div>
              <div><dt>Arrives</dt><dd>{d.expectedTime}</dd></div>
            </dl>
            <p className="muted small">You get a notification when the transfer is credited to your available balance.</p>
          </>
        )}
      </AsyncBlock>
    </section>
  );
}
