import { Injectable } from '@nestjs/common';
import { runSql, sql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { WithdrawalAddresses, type WithdrawalAddress } from '../../application/ports/withdrawal-addresses';

interface Row {
  id: string;
  label: string;
  destination: string;
  created_at: Date;
  usable_at: Date;
}

const toAddress = (r: Row): WithdrawalAddress => ({
  id: r.id,
  label: r.label,
  destination: r.destination,
  createdAt: new Date(r.created_at),
  usableAt: new Date(r.usable_at),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class SqlWithdrawalAddresses extends WithdrawalAddresses {
  async list(tx: TransactionContext, userId: string): Promise<WithdrawalAddress[]> {
    const rows = await runSql(
      emOf(tx),
      sql<Row>`SELECT id, label, destination, created_at, usable_at FROM withdrawal_addresses WHERE user_id = ${userId} ORDER BY created_at DESC`,
    );
    return rows.map(toAddress);
  }

  async count(tx: TransactionContext, userId: string): Promise<number> {
    const rows = await runSql(emOf(tx), sql<{ n: string }>`SELECT count(*) AS n FROM withdrawal_addresses WHERE user_id = ${userId}`);
    return Number(rows[0]?.n ?? 0);
  }

  async insert(tx: TransactionContext, a: { userId: string; label: string; destination: string; createdAt: Date; usableAt: Date }): Promise<WithdrawalAddress | null> {
    const rows = await runSql(
      emOf(tx),
      sql<Row>`INSERT INTO withdrawal_addresses (user_id, label, destination, created_at, usable_at)
               VALUES (${a.userId}, ${a.label}, ${a.destination}, ${a.createdAt}, ${a.usableAt})
               ON CONFLICT (user_id, destination) DO NOTHING
               RETURNING id, label, destination, created_at, usable_at`,
    );
    return rows[0] ? toAddress(rows[0]) : null;
  }

  async remove(tx: TransactionContext, userId: string, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const rows = await runSql(emOf(tx), sql<{ id: string }>`DELETE FROM withdrawal_addresses WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
    return rows.length > 0;
  }

  async isUsable(tx: TransactionContext, userId: string, destination: string, now: Date): Promise<boolean> {
    const rows = await runSql(
      emOf(tx),
      sql<{ one: number }>`SELECT 1 AS one FROM withdrawal_addresses WHERE user_id = ${userId} AND destination = ${destination} AND usable_at <= ${now}`,
    );
    return rows.length > 0;
  }
}
