import { Injectable } from '@nestjs/common';
import { pageOffset, storedCents, toCents, UnitOfWork, type Page, type PageQuery, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
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
      const rows = await em.execute<Array<{ id: string; time: Date; type: string; reference: string | null; kind: string; copy_id: string | null; amount: string; total: string }>>(
        `SELECT e.id::text, t.created_at AS time, t.type, t.reference, a.kind, a.copy_id::text, e.amount::text, count(*) OVER ()::text AS total
         FROM ledger_accounts a
         JOIN ledger_entries e ON e.account_id = a.id
         JOIN ledger_transactions t ON t.id = e.transaction_id
         WHERE a.owner_id = ?
         ORDER BY e.id DESC
         LIMIT ? OFFSET ?`,
        [userId, page.limit, pageOffset(page)],
      );
      const total = rows.length ? Number(rows[0].total) : Number((await em.execute<Array<{ n: string }>>(
        'SELECT count(*)::text AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.owner_id = ?', [userId]))[0].n);
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
    const filter = search ? 'AND (u.email ILIKE ? OR u.username ILIKE ?)' : '';
    const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const params = pattern ? [pattern, pattern] : [];
    const rows = await em.execute<Array<{ id: string; username: string; email: string; cash: string; held: string; equity: string }>>(
      `SELECT u.id, u.username, u.email,
              coalesce(sum(a.balance) FILTER (WHERE a.kind = 'cash'), 0)::text AS cash,
              coalesce(sum(a.balance) FILTER (WHERE a.kind = 'held'), 0)::text AS held,
              coalesce(sum(a.balance) FILTER (WHERE a.kind = 'copy_equity'), 0)::text AS equity
       FROM user_directory u LEFT JOIN ledger_accounts a ON a.owner_id = u.id
       WHERE u.deleted_at IS NULL ${filter}
       GROUP BY u.id, u.username, u.email, u.created_at ORDER BY u.created_at, u.id LIMIT ? OFFSET ?`,
      [...params, page.limit, pageOffset(page)],
    );
    const [{ total }] = await em.execute<Array<{ total: string }>>(
      `SELECT count(*)::text AS total FROM user_directory u WHERE u.deleted_at IS NULL ${filter}`,
      params,
    );
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
    const rows = await emOf(tx).execute<Array<{ kind: string; total: string }>>(
      'SELECT kind, sum(balance)::text AS total FROM ledger_accounts GROUP BY kind',
    );
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
    const [{ total }] = await em.execute<Array<{ total: string }>>('SELECT coalesce(sum(amount), 0)::text AS total FROM ledger_entries');
    const [{ unbalanced }] = await em.execute<Array<{ unbalanced: string }>>(
        `SELECT count(*)::text AS unbalanced FROM
           (SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0) t`,
    );
    const mismatches = await em.execute<Array<{ id: string; kind: string; owner_id: string | null; balance: string; entries: string }>>(
        `SELECT a.id::text AS id, a.kind, a.owner_id, a.balance::text AS balance, coalesce(s.total, 0)::text AS entries
         FROM ledger_accounts a
         LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
         WHERE a.balance <> coalesce(s.total, 0) ORDER BY a.id LIMIT 100`,
    );
    // Exactly once (product.md §11.2): every ledger transaction has a business reference, unique per type. The
    // unique index refuses a second one; this reads the data itself, so a dropped index or a hand-made posting shows.
    const [{ duplicates }] = await em.execute<Array<{ duplicates: string }>>(
        `SELECT (SELECT count(*) FROM (SELECT 1 FROM ledger_transactions GROUP BY type, reference HAVING count(*) > 1) d)
              + (SELECT count(*) FROM ledger_transactions WHERE reference IS NULL) AS duplicates`,
    );
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
