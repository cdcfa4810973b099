import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { Seeder } from '@mikro-orm/seeder';
import { hash } from '@node-rs/argon2';
import { runSql } from '@mirrorline/shared';
import { accountsQueries } from '@mirrorline/accounts/sql';
import { DEMO_TRADERS, demoTraderEmail } from './demo-traders';
import { DEMO_COPIERS, demoCopierEmail } from './demo-copiers';

/**
 * Demo users (DEMO_DATA on an empty database): the users of the seed's eight sample
 * traders, with the Trader role, verified, and unusable passwords (an argon2id hash of random bytes nobody
 * knows). Runs before DemoTradersSeeder, which gives them their public profiles and trades. Then the
 * users of the demo copiers (role User, verified, KYC Verified, unusable passwords too: nobody signs in as
 * one); the start-up task seedDemoCopies funds them through the ledger and starts their copies.
 */
export class DemoUsersSeeder extends Seeder {
  async run(orm: EntityManager): Promise<void> {
    const em = orm as unknown as SqlEntityManager;
    const users = [
      ...DEMO_TRADERS.map((trader) => ({ ...trader, email: demoTraderEmail(trader), roles: ['User', 'Trader'] as const })),
      ...DEMO_COPIERS.map((copier) => ({ ...copier, email: demoCopierEmail(copier), roles: ['User'] as const })),
    ];
    for (const { email, username, firstname, lastname, roles } of users) {
      const passwordHash = await hash(randomBytes(32).toString('base64'));
      await runSql(em, accountsQueries.insertUser({ email, username, firstname, lastname, passwordHash, roles, emailVerified: true, kycStatus: 'Verified' }));
    }
  }
}
