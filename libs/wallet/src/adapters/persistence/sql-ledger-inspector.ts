import { Injectable } from '@nestjs/common';
import { pageOffset, runSql, storedCents, toCents, UnitOfWork, type Page, type PageQuery, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { ledgerInspectorQueries } from './ledger-inspector.queries';
import {
  LedgerInspector,
  type LedgerCheck,
  type PlatformTotals,
  type StatementLine,
  type UserWallet,
  type WalletsOverview,
} from '../../application/ports/ledger-inspector';

/**
 * Whole-ledger views, set-based. Everything is read in one REPEATABLE READ transaction so that the
 * totals, the per-user rows and the check describe the same instant even while money moves.
 */
@Injectable()
export class SqlLedgerInspector extends LedgerInspector {
  constructor(private readonly uow: UnitOfWork) {
    super();
  }

  statement(userId: string, page: PageQuery): Promise<Page<StatementLine>> {
    return this.uow.run(async (tx) => {
      const em = emOf(tx);
      const rows = await runSql(em, ledgerInspectorQueries.statementPage(userId, page.limit, pageOffset(page)));
      const total = rows.length ? Number(rows[0].total) : Number((await runSql(em, ledgerInspectorQueries.statementCount(userId)))[0].n);
      return {
        items: rows.map((r) => ({ id: r.id, time: new Date(r.time), type: r.type, reference: r.reference, account: r.kind, copyId: r.copy_id, amount: toCents(r.amount) })),
        total,
        page: page.page,
        limit: page.limit,
      };
    }, { isolation: 'repeatable read' });
  }

  check(): Promise<LedgerCheck> {
    return this.uow.run((tx) => this.checkIn(tx), { isolation: 'repeatable read' });
  }

  overview(page: PageQuery, search?: string): Promise<WalletsOverview> {
    return this.uow.run(
      async (tx) => ({ wallets: await this.wallets(tx, page, search), platform: await this.platform(tx), check: await this.checkIn(tx) }),
      { isolation: 'repeatable read' },
    );
  }

  private async wallets(tx: TransactionContext, page: PageQuery, search?: string) {
    const em = emOf(tx);
    const rows = await runSql(em, ledgerInspectorQueries.walletsPage(search, page.limit, pageOffset(page)));
    const [{ total }] = await runSql(em, ledgerInspectorQueries.walletsCount(search));
    const items: UserWallet[] = rows.map((r) => ({
      userId: r.id,
      username: r.username,
      email: r.email,
      cash: storedCents(r.cash),
      held: storedCents(r.held),
      copyEquity: storedCents(r.equity),
    }));
    return { items, total: Number(total), page: page.page, limit: page.limit };
  }

  private async platform(tx: TransactionContext): Promise<PlatformTotals> {
    const rows = await runSql(emOf(tx), ledgerInspectorQueries.totalsByKind());
    const of = (kind: string) => storedCents(rows.find((r) => r.kind === kind)?.total ?? 0);
    return {
      deposits: of('platform_deposits'),
      withdrawals: of('platform_withdrawals'),
      market: of('platform_market'),
      adjustments: of('platform_adjustments'),
      userCash: of('cash'),
      userHeld: of('held'),
      userCopyEquity: of('copy_equity'),
    };
  }

  private async checkIn(tx: TransactionContext): Promise<LedgerCheck> {
    const em = emOf(tx);
    const [{ total }] = await runSql(em, ledgerInspectorQueries.entriesSum());
    const [{ unbalanced }] = await runSql(em, ledgerInspectorQueries.unbalancedTransactions());
    const mismatches = await runSql(em, ledgerInspectorQueries.balanceMismatches());
    const [{ duplicates }] = await runSql(em, ledgerInspectorQueries.duplicateReferences());
    const entriesSum = storedCents(total);
    const unbalancedTransactions = Number(unbalanced);
    return {
      balanced: BigInt(entriesSum) === 0n && unbalancedTransactions === 0 && mismatches.length === 0,
      entriesSum,
      unbalancedTransactions,
      duplicates: Number(duplicates),
      mismatches: mismatches.map((m) => ({
        accountId: m.id,
        kind: m.kind,
        ownerId: m.owner_id,
        balance: storedCents(m.balance),
        entriesSum: storedCents(m.entries),
      })),
    };
  }
}
