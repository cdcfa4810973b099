import { Injectable } from '@nestjs/common';
import { runSql, type TransactionContext } from '@mirrorline/shared';
import { emOf } from '@mirrorline/shared/nest';
import { WithdrawalAddresses, type WithdrawalAddress } from '../../application/ports/withdrawal-addresses';
import { withdrawalAddressesQueries as q, type WithdrawalAddressRow } from './withdrawal-addresses.queries';

const toAddress = (r: WithdrawalAddressRow): WithdrawalAddress => ({
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
    const rows = await runSql(emOf(tx), q.list(userId));
    return rows.map(toAddress);
  }

  async count(tx: TransactionContext, userId: string): Promise<number> {
    const rows = await runSql(emOf(tx), q.count(userId));
    return Number(rows[0]?.n ?? 0);
  }

  async insert(tx: TransactionContext, a: { userId: string; label: string; destination: string; createdAt: Date; usableAt: Date }): Promise<WithdrawalAddress | null> {
    const rows = await runSql(emOf(tx), q.insert(a));
    return rows[0] ? toAddress(rows[0]) : null;
  }

  async remove(tx: TransactionContext, userId: string, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const rows = await runSql(emOf(tx), q.remove(userId, id));
    return rows.length > 0;
  }

  async isUsable(tx: TransactionContext, userId: string, destination: string, now: Date): Promise<boolean> {
    const rows = await runSql(emOf(tx), q.usable(userId, destination, now));
    return rows.length > 0;
  }
}
