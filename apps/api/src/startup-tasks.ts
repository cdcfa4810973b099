import type { INestApplication } from '@nestjs/common';
import type { AppConfig } from '@mirrorline/shared';

/** Work that must run once the schema is current, before the API listens (e.g. bootstrap admin). */
export type StartupTask = (app: INestApplication, config: AppConfig) => Promise<void>;

export const STARTUP_TASKS: StartupTask[] = [];
