import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { runSql, sqlStateOf, storedCents, toCents, type Cents, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import {
  Ledger,
  type LedgerPosting,
  type PlatformAccountKind,
  type UserAccountKind,
  type UserBalances,
} from '../../application/ports/ledger';
import { insufficientFunds } from '../../domain/wallet-errors';
import { ledgerQueries } from './ledger.queries';


/** A CHECK violation of ledger_accounts_non_negative: a user account would have gone below zero. */
export function isNegativeBalanceViolation(error: unknown): boolean {
  if (sqlStateOf(error) !== '23514') return false;
  const e = error as { constraint?: unknown; message?: unknown; cause?: { constraint?: unknown } };
  const constraint = e.constraint ?? e.cause?.constraint;
  return constraint === 'ledger_accounts_non_negative' || String(e.message ?? '').includes('ledger_accounts_non_negative');
}

/**
 * The Ledger port on PostgreSQL (docs/ledger.md). Postings are one INSERT statement (CTE) so that the
 * statement trigger sees every entry of the transaction at once, checks the zero sum, locks the
 * accounts in id order and moves the cached balances.
 */
@Injectable()
export class SqlLedger extends Ledger {
  /** Platform accounts are created by the migration and never change: safe to cache per process. */
  private readonly platformIds = new Map<PlatformAccountKind, string>();

  constructor(private readonly em: EntityManager) {
    super();
  }

  async userAccount(tx: TransactionContext, userId: string, kind: UserAccountKind): Promise<string> {
    const em = emOf(tx);
    const find = () => runSql(em, ledgerQueries.userAccountId(userId, kind));
    let [row] = await find();
    if (row) return row.id;
    // Created on first use. A racing creator makes ON CONFLICT wait for it; the next statement sees its row.
    [row] = await runSql(em, ledgerQueries.createUserAccount(userId, kind));
    if (row) return row.id;
    [row] = await find();
    if (!row) throw new Error(`ledger account ${kind} of ${userId} could not be created`);
    return row.id;
  }

  /** One round trip when the accounts exist (the usual case); creates the missing ones. */
  override async userAccounts(tx: TransactionContext, userId: string, kinds: UserAccountKind[]): Promise<string[]> {
    const rows = await runSql(emOf(tx), ledgerQueries.userAccountIds(userId, kinds));
    const found = new Map(rows.map((row) => [row.kind, row.id]));
    const ids: string[] = [];
    for (const kind of kinds) ids.push(found.get(kind) ?? (await this.userAccount(tx, userId, kind)));
    return ids;
  }

  async copyEquityAccount(tx: TransactionContext, userId: string, copyId: string): Promise<string> {
    const em = emOf(tx);
    const find = () => runSql(em, ledgerQueries.copyEquityAccount(copyId));
    let [row] = await find();
    if (!row) {
      await runSql(em, ledgerQueries.createCopyEquityAccount(userId, copyId));
      [row] = await find();
    }
    if (!row) throw new Error(`copy equity account of copy ${copyId} could not be created`);
    if (row.owner_id !== userId) throw new Error(`copy ${copyId} belongs to another user`);
    return row.id;
  }

  async platformAccount(tx: TransactionContext, kind: PlatformAccountKind): Promise<string> {
    const cached = this.platformIds.get(kind);
    if (cached) return cached;
    const [row] = await runSql(emOf(tx), ledgerQueries.platformAccountId(kind));
    if (!row) throw new Error(`platform account ${kind} is missing (migrations not run?)`);
    this.platformIds.set(kind, row.id);
    return row.id;
  }

  async post(tx: TransactionContext, posting: LedgerPosting): Promise<string> {
    assertBalanced(posting);
    try {
      const [row] = await runSql(emOf(tx), ledgerQueries.post(posting));
      return row.id;
    } catch (error) {
      if (isNegativeBalanceViolation(error)) throw insufficientFunds();
      throw error;
    }
  }

  override async lockedBalances(tx: TransactionContext, accountIds: string[]): Promise<Map<string, Cents>> {
    const ids = [...new Set(accountIds)];
    if (!ids.length) return new Map();
    const rows = await runSql(emOf(tx), ledgerQueries.lockBalances(ids));
    return new Map(rows.map((row) => [row.id, toCents(row.balance)]));
  }

  async balances(tx: TransactionContext | null, userId: string): Promise<UserBalances> {
    const rows = await runSql(tx ? emOf(tx) : this.em.getConnection(), ledgerQueries.balancesByKind(userId));
    const result: UserBalances = { cash: 0, held: 0, copyEquity: 0 };
    for (const row of rows) {
      if (row.kind === 'cash') result.cash = storedCents(row.total);
      else if (row.kind === 'held') result.held = storedCents(row.total);
      else if (row.kind === 'copy_equity') result.copyEquity = storedCents(row.total);
    }
    return result;
  }
}

/** Refuses malformed postings before they reach the database (which would refuse them too, less clearly). */
export function assertBalanced(posting: LedgerPosting): void {
  if (!posting.type || posting.type.length > 32) throw new Error('ledger posting needs a type of at most 32 characters');
  if (posting.entries.length < 2) throw new Error('ledger posting needs at least two entries');
  let sum = 0;
  for (const entry of posting.entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
      throw new Error(`ledger entry amount must be a non-zero integer of cents, got ${entry.amount}`);
    }
    if (!/^\d+$/.test(entry.accountId)) throw new Error(`not a ledger account id: ${entry.accountId}`);
    sum += entry.amount;
  }
  if (sum !== 0) throw new Error(`ledger posting ${posting.type} does not balance (sum ${sum})`);
}
