import { ApiProperty } from '@nestjs/swagger';
import { formatCents } from '@mirrorline/shared';
import { WALLET_TRANSACTION_STATUSES, WALLET_TRANSACTION_TYPES, type WalletTransactionProps } from '../../../domain/wallet-transaction';
import type { WalletTransactionRecord } from '../../../application/ports/wallet-transaction.repository';
import type { LedgerCheck, WalletsOverview } from '../../../application/ports/ledger-inspector';
import type { WalletView } from '../../../application/use-cases/get-wallet/get-wallet.use-case';

export class WalletTransactionResponseDto {
  @ApiProperty({ type: String, format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, format: 'uuid' }) userId!: string;
  @ApiProperty({ type: String, required: false }) username?: string;
  @ApiProperty({ type: String, required: false }) email?: string;
  @ApiProperty({ enum: WALLET_TRANSACTION_TYPES }) type!: string;
  @ApiProperty({ type: String, example: '1250.50' }) amount!: string;
  @ApiProperty({ type: String, nullable: true }) destination!: string | null;
  @ApiProperty({ enum: WALLET_TRANSACTION_STATUSES }) status!: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) decidedAt!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) decidedBy!: string | null;
  @ApiProperty({ type: String, nullable: true }) note!: string | null;
}

export class WalletResponseDto {
  @ApiProperty({ type: String, example: '1250.50', description: 'free cash' }) balance!: string;
  @ApiProperty({ type: String, example: '500.00', description: 'equity allocated to copies' }) tradingBalance!: string;
  @ApiProperty({ type: String, example: '512.40', description: 'tradingBalance + unrealized pnl of the open copied positions at the market' })
  liveTradingBalance!: string;
  @ApiProperty({ type: String, example: '100.00', description: 'withdrawals awaiting approval' }) held!: string;
  @ApiProperty({ type: () => [WalletTransactionResponseDto] }) transactions!: WalletTransactionResponseDto[];
}

export class TransactionsPageResponseDto {
  @ApiProperty({ type: () => [WalletTransactionResponseDto] }) transactions!: WalletTransactionResponseDto[];
  @ApiProperty({ type: Number }) total!: number;
  @ApiProperty({ type: Number }) page!: number;
  @ApiProperty({ type: Number }) limit!: number;
}

export class StatementLineDto {
  @ApiProperty({ type: String }) id!: string;
  @ApiProperty({ type: String, format: 'date-time' }) time!: string;
  @ApiProperty({ type: String, description: 'the business event: deposit, withdrawal_hold, withdrawal, withdrawal_release, adjustment, copy_fund, copy_withdraw, trade_settlement, profit_share, …' })
  type!: string;
  @ApiProperty({ type: String, nullable: true }) reference!: string | null;
  @ApiProperty({ enum: ['cash', 'held', 'copy_equity'], description: 'which of the user\'s accounts moved' }) account!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) copyId!: string | null;
  @ApiProperty({ type: String, example: '-25.00', description: 'signed: + into that account, − out of it' }) amount!: string;
}

export class StatementPageDto {
  @ApiProperty({ type: () => [StatementLineDto] }) items!: StatementLineDto[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) page!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
}

export class WithdrawalAddressDto {
  @ApiProperty({ type: String, format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, example: 'My bank' }) label!: string;
  @ApiProperty({ type: String, example: 'DE89370400440532013000' }) destination!: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', description: 'withdrawals to it are accepted from then on' }) usableAt!: string;
}

export class WithdrawalAddressesDto {
  @ApiProperty({ type: () => [WithdrawalAddressDto] }) items!: WithdrawalAddressDto[];
}

export class CreatedWithdrawalAddressDto {
  @ApiProperty({ type: () => WithdrawalAddressDto }) address!: WithdrawalAddressDto;
}

export class WalletMessageDto {
  @ApiProperty({ type: String, example: 'Withdrawal address deleted' }) message!: string;
}

export class LedgerMismatchDto {
  @ApiProperty({ type: String }) accountId!: string;
  @ApiProperty({ type: String }) kind!: string;
  @ApiProperty({ type: String, nullable: true }) ownerId!: string | null;
  @ApiProperty({ type: String }) balance!: string;
  @ApiProperty({ type: String }) entriesSum!: string;
}

export class LedgerCheckDto {
  @ApiProperty({ type: Boolean, description: 'Σ entries = 0, every ledger transaction sums to 0, no cached balance mismatch' })
  balanced!: boolean;
  @ApiProperty({ type: String, example: '0.00' }) entriesSum!: string;
  @ApiProperty({ type: Number }) unbalancedTransactions!: number;
  @ApiProperty({ type: Number, description: 'ledger transactions whose (type, reference) repeats or that have no business reference (exactly once: 0)' })
  duplicates!: number;
  @ApiProperty({ type: () => [LedgerMismatchDto] }) mismatches!: LedgerMismatchDto[];
}

export class UserWalletDto {
  @ApiProperty({ type: String, format: 'uuid' }) userId!: string;
  @ApiProperty({ type: String }) username!: string;
  @ApiProperty({ type: String }) email!: string;
  @ApiProperty({ type: String, example: '1250.50' }) balance!: string;
  @ApiProperty({ type: String, example: '0.00' }) tradingBalance!: string;
  @ApiProperty({ type: String, example: '0.00' }) held!: string;
}

export class PlatformTotalsDto {
  @ApiProperty({ type: String, description: 'platform_deposits (negative: money that came in)' }) deposits!: string;
  @ApiProperty({ type: String }) withdrawals!: string;
  @ApiProperty({ type: String }) market!: string;
  @ApiProperty({ type: String }) adjustments!: string;
  @ApiProperty({ type: String, description: 'Σ users cash' }) userBalance!: string;
  @ApiProperty({ type: String, description: 'Σ users copy equity' }) userTradingBalance!: string;
  @ApiProperty({ type: String, description: 'Σ users held' }) userHeld!: string;
}

export class WalletsOverviewResponseDto {
  @ApiProperty({ type: () => [UserWalletDto] }) wallets!: UserWalletDto[];
  @ApiProperty({ type: Number }) total!: number;
  @ApiProperty({ type: Number }) page!: number;
  @ApiProperty({ type: Number }) limit!: number;
  @ApiProperty({ type: () => PlatformTotalsDto }) platform!: PlatformTotalsDto;
  @ApiProperty({ type: () => LedgerCheckDto }) ledgerCheck!: LedgerCheckDto;
}

export function toTransactionResponse(t: WalletTransactionProps | WalletTransactionRecord): WalletTransactionResponseDto {
  const response: WalletTransactionResponseDto = {
    id: t.id,
    userId: t.userId,
    type: t.type,
    amount: formatCents(t.amount),
    destination: t.destination,
    status: t.status,
    createdAt: t.createdAt.toISOString(),
    decidedAt: t.decidedAt ? t.decidedAt.toISOString() : null,
    decidedBy: t.decidedBy,
    note: t.note,
  };
  if ('username' in t) {
    response.username = t.username;
    response.email = t.email;
  }
  return response;
}

export function toWalletResponse(view: WalletView): WalletResponseDto {
  return {
    balance: formatCents(view.balances.cash),
    tradingBalance: formatCents(view.balances.copyEquity),
    liveTradingBalance: formatCents(BigInt(view.balances.copyEquity) + view.unrealizedPnl),
    held: formatCents(view.balances.held),
    transactions: view.recent.map(toTransactionResponse),
  };
}

export function toLedgerCheckResponse(check: LedgerCheck): LedgerCheckDto {
  return {
    balanced: check.balanced,
    entriesSum: formatCents(check.entriesSum),
    unbalancedTransactions: check.unbalancedTransactions,
    duplicates: check.duplicates,
    mismatches: check.mismatches.map((m) => ({ ...m, balance: formatCents(m.balance), entriesSum: formatCents(m.entriesSum) })),
  };
}

export function toWalletsOverviewResponse(o: WalletsOverview): WalletsOverviewResponseDto {
  return {
    wallets: o.wallets.items.map((w) => ({
      userId: w.userId,
      username: w.username,
      email: w.email,
      balance: formatCents(w.cash),
      tradingBalance: formatCents(w.copyEquity),
      held: formatCents(w.held),
    })),
    total: o.wallets.total,
    page: o.wallets.page,
    limit: o.wallets.limit,
    platform: {
      deposits: formatCents(o.platform.deposits),
      withdrawals: formatCents(o.platform.withdrawals),
      market: formatCents(o.platform.market),
      adjustments: formatCents(o.platform.adjustments),
      userBalance: formatCents(o.platform.userCash),
      userTradingBalance: formatCents(o.platform.userCopyEquity),
      userHeld: formatCents(o.platform.userHeld),
    },
    ledgerCheck: toLedgerCheckResponse(o.check),
  };
}

export class DepositInstructionsDto {
  @ApiProperty({ type: String, example: 'ML-7KQ2-9XF4', description: 'my own payment reference: put it in the transfer\'s reference field' }) reference!: string;
  @ApiProperty({ type: String, example: 'Mirrorline Demo Ltd (client money)' }) beneficiary!: string;
  @ApiProperty({ type: String, example: 'Demo Bank' }) bankName!: string;
  @ApiProperty({ type: String, example: 'GB33 BUKB 2020 1555 5555 55' }) iban!: string;
  @ApiProperty({ type: String, example: 'BUKBGB22' }) bic!: string;
  @ApiProperty({ enum: ['USD'] }) currency!: 'USD';
  @ApiProperty({ type: String, example: '10.00', description: 'smallest transfer credited' }) minAmount!: string;
  @ApiProperty({ type: String, example: '50000.00', description: 'largest transfer credited' }) maxAmount!: string;
  @ApiProperty({ type: String, example: 'Usually within 1 business day' }) expectedTime!: string;
}

export class ReferenceHolderDto {
  @ApiProperty({ type: String, example: 'ML-7KQ2-9XF4' }) reference!: string;
  @ApiProperty({ type: String, format: 'uuid' }) userId!: string;
  @ApiProperty({ type: String }) username!: string;
  @ApiProperty({ type: String }) email!: string;
  @ApiProperty({ type: String, example: 'Verified' }) kycStatus!: string;
  @ApiProperty({ type: Boolean }) blocked!: boolean;
  @ApiProperty({ type: Boolean }) deleted!: boolean;
}

export class MatchedTransferResponseDto {
  @ApiProperty({ type: () => WalletTransactionResponseDto, description: 'the deposit the transfer became, Approved' }) transaction!: WalletTransactionResponseDto;
  @ApiProperty({ type: () => ReferenceHolderDto, description: 'whose wallet was credited' }) user!: ReferenceHolderDto;
}
