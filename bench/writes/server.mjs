// The servers of the write-path bench, in a process of their own (bench/writes/run.mjs starts it):
// - the application as `npm start` serves it (createApp from dist/: SPA and AdminJS mounted unless the
//   environment says otherwise, access log at LOG_LEVEL to stdout, which run.mjs sends to a file);
// - a bare Nest 11 + Express application with one POST route that runs one INSERT in a transaction on the
//   application's own pool (its MikroORM), as a request (runAsRequest: the same connection limit as the
//   application's requests): the reference of the write path.
// Prints one JSON line {app, bare} (the ports) on fd 3 once both listen.
import 'reflect-metadata';
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../../scripts/build-lib.mjs';

const require = createRequire(import.meta.url);
const dist = (p) => require(join(root, 'dist', p));
const { Controller, HttpCode, Module, Post } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { MikroORM } = require('@mikro-orm/postgresql');
const { loadConfig } = dist('apps/api/src/config/load-config.js');
const { createApp } = dist('apps/api/src/bootstrap.js');
const { runAsRequest } = dist('libs/shared/src/index.js');

const config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' }, root);
const app = await createApp(config, process.env.DATABASE_URL);
await app.listen(0, '127.0.0.1');
const orm = app.get(MikroORM);

class BareController {
  async insert() {
    await runAsRequest(() => orm.em.fork().transactional((em) => em.execute('INSERT INTO bench_writes_reference (n) VALUES (1)')));
    return { status: 'ok' };
  }
}
Controller()(BareController);
const descriptor = Object.getOwnPropertyDescriptor(BareController.prototype, 'insert');
Post('bare')(BareController.prototype, 'insert', descriptor);
HttpCode(200)(BareController.prototype, 'insert', descriptor);
class BareModule {}
Module({ controllers: [BareController] })(BareModule);
const bare = await NestFactory.create(BareModule, { logger: false });
await bare.listen(0, '127.0.0.1');

createWriteStream(null, { fd: 3 }).write(`${JSON.stringify({ app: app.getHttpServer().address().port, bare: bare.getHttpServer().address().port })}\n`);

const stop = async () => {
  await bare.close();
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
