import type { INestApplication } from '@nestjs/common';
import type { AppConfig } from '@mirrorline/shared';
import { BootstrapAdminUseCase } from '@mirrorline/auth';
import { seedDemoCopiesOnStart, syncDemoHistoryOnStart } from '@mirrorline/demo';
import { FeedLeader } from '@mirrorline/market';

/** Work that must run once the schema is current, before the API listens (e.g. bootstrap admin). */
export type StartupTask = (app: INestApplication, config: AppConfig) => Promise<void>;

export const STARTUP_TASKS: StartupTask[] = [
  // The first admin (product.md §3), when no user has the Admin role yet.
  async (app, config) => {
    await app.get(BootstrapAdminUseCase).execute(config);
  },
  // The market feed's first leadership attempt: the simulated market's history (first start) or its
  // backfill (restart after a gap) is written before anything that reads candles, and before the API listens.
  async (app) => {
    await app.get(FeedLeader).tryLead();
  },
  // DEMO_DATA: the demo history on the market's candles, extended over a restart gap (roll-forward without candles)
  syncDemoHistoryOnStart,
  // DEMO_DATA: the demo copiers' deposits and copies (once; a restart adds none), after the demo history
  seedDemoCopiesOnStart,
];
