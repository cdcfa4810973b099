import type { INestApplication } from '@nestjs/common';
import type { AppConfig } from '@mirrorline/shared';
import { BootstrapAdmin } from '@mirrorline/auth';
import { rollDemoTradesOnStart } from '@mirrorline/copy-trading';

/** Work that must run once the schema is current, before the API listens (e.g. bootstrap admin). */
export type StartupTask = (app: INestApplication, config: AppConfig) => Promise<void>;

export const STARTUP_TASKS: StartupTask[] = [
  // The first admin (product.md §3), when no user has the Admin role yet.
  async (app, config) => {
    await app.get(BootstrapAdmin).execute(config);
  },
  rollDemoTradesOnStart, // DEMO_DATA: the demo traders' closed trades follow the calendar (ten-day charts)
];
