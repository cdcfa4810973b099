import type { Seeder } from '@mikro-orm/seeder';
import { CopyTradingDemoSeeder } from '@mirrorline/copy-trading';
import { DemoTraderUsersSeeder } from '@mirrorline/back-office';

/**
 * Demo data seeders of each context (sample traders, their closed trades, …), run in this order by
 * DemoDataSeeder when DEMO_DATA is on and the database has no users yet.
 */
export const DEMO_SEEDERS: Array<new () => Seeder> = [DemoTraderUsersSeeder, CopyTradingDemoSeeder];
