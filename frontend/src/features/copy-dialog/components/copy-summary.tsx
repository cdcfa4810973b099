import { centsToString, formatMoney, toCents } from '../../../lib/money';
import { FormError } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { WhatIf } from './what-if';

interface CopySummaryProps {
  traderId: string;
  /** the canonical 2-decimal amount */
  amount: string;
  /** "Max loss 40% · −$400.00 · stops at $600.00", or null without a stop loss */
  lossText: string | null;
  stopLossPct: number | null;
  share: number;
  copyOpen: boolean;
  balance: string | null;
  formError: string | null;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

/** The copy dialog's second step: what the copy will be, the 90-day "what if", then Back or Confirm. */
export function CopySummary({ traderId, amount, lossText, stopLossPct, share, copyOpen, balance, formError, busy, onBack, onConfirm }: CopySummaryProps) {
  return (
    <div className="stack" aria-label="Summary">
      <dl className="stat-grid">
        <div>
          <dt>Amount</dt>
          <dd>{formatMoney(amount)}</dd>
        </div>
        <div>
          <dt>Copy stop loss</dt>
          <dd>{lossText ?? 'None'}</dd>
        </div>
        <div>
          <dt>Profit share</dt>
          <dd>{share}%</dd>
        </div>
        <div>
          <dt>Open trades</dt>
          <dd>{copyOpen ? "Copied at today's price" : 'Not copied'}</dd>
        </div>
        <div>
          <dt>Balance after</dt>
          <dd>{balance === null ? '—' : formatMoney(centsToString((toCents(balance) ?? 0n) - (toCents(amount) ?? 0n)))}</dd>
        </div>
      </dl>
      <WhatIf traderId={traderId} amount={amount} stopLossPct={stopLossPct} />
      <FormError message={formError} />
      <div className="dialog__footer">
        <Button disabled={busy} onClick={onBack}>
          Back
        </Button>
        <Button writes variant="primary" disabled={busy} onClick={onConfirm}>
          {busy ? 'Copying…' : 'Confirm'}
        </Button>
      </div>
    </div>
  );
}
