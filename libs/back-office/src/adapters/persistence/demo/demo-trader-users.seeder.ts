import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { Seeder } from '@mikro-orm/seeder';
import { hash } from '@node-rs/argon2';
import { runSql, sql } from '@mirrorline/shared';
import { DEMO_COPIERS, DEMO_TRADERS, demoCopierEmail, demoTraderEmail } from '@mirrorline/copy-trading';

/**
 * Demo data of the users context (DEMO_DATA on an empty database): the users of the seed's eight sample
 * traders, with the Trader role, verified, and unusable passwords (an argon2id hash of random bytes nobody
 * knows). Runs before CopyTradingDemoSeeder, which gives them their public profiles and trades. Then the
 * users of the demo copiers (role User, verified, KYC Verified, unusable passwords too: nobody signs in as
 * one); the copy-trading start-up task seedDemoCopies funds them through the ledger and starts their copies.
 */
export class DemoTraderUsersSeeder extends Seeder {
  async run(orm: EntityManager): Promise<void> {
    const em = orm as unknown as SqlEntityManager;
    for (const trader of DEMO_TRADERS) {
      const passwordHash = await hash(randomBytes(32).toString('base64'));
      await runSql(
        em,
        sql`INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified, kyc_status)
            VALUES (${demoTraderEmail(trader)}, ${trader.username}, ${trader.firstname}, ${trader.lastname}, ${passwordHash},
                    '{User,Trader}', true, 'Verified')`,
      );
    }
    for (const copier of DEMO_COPIERS) {
      const passwordHash = await hash(randomBytes(32).toString('base64'));
      await runSql(
        em,
        sql`INSERT INTO users (email, username, firstname, lastname, password_hash, roles, email_verified, kyc_status)
            VALUES (${demoCopierEmail(copier)}, ${copier.username}, ${copier.firstname}, ${copier.lastname}, ${passwordHash},
                    '{User}', true, 'Verified')`,
      );
    }
  }
}
