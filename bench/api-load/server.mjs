// The servers of the API load bench, in a process of their own (bench/api-load/run.mjs starts it) so that
// autocannon and the servers do not share one event loop:
// - a plain node:http server answering a constant (the floor of Node itself);
// - a bare Nest 11 + Express application with one POST route and nothing else (no middleware, no guard,
//   no logger): the reference every route's ratio is taken against;
// - the real application (createApp from dist/: same modules, middleware, guards, pipes and logging as
//   `npm start`) on DATABASE_URL.
// Prints one JSON line {plain, bare, app} (the ports) on fd 3 once all three listen; logs go to stdout.
import 'reflect-metadata';
import { createServer } from 'node:http';
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../../scripts/build-lib.mjs';

const require = createRequire(import.meta.url);
const dist = (p) => require(join(root, 'dist', p));
const { Controller, HttpCode, Module, Post } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { loadConfig } = dist('apps/api/src/config/load-config.js');
const { createApp } = dist('apps/api/src/bootstrap.js');

const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

const plain = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end('{"status":"ok"}');
  });
});

class BareController {
  bare() {
    return { status: 'ok' };
  }
}
Controller()(BareController);
const bareDescriptor = Object.getOwnPropertyDescriptor(BareController.prototype, 'bare');
Post('bare')(BareController.prototype, 'bare', bareDescriptor);
HttpCode(200)(BareController.prototype, 'bare', bareDescriptor);
class BareModule {}
Module({ controllers: [BareController] })(BareModule);

const bare = await NestFactory.create(BareModule, { logger: false });
await bare.listen(0, '127.0.0.1');

const config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' }, root);
const app = await createApp(config, process.env.DATABASE_URL);
await app.listen(0, '127.0.0.1');

const out = createWriteStream(null, { fd: 3 });
out.write(`${JSON.stringify({ plain: await listen(plain), bare: bare.getHttpServer().address().port, app: app.getHttpServer().address().port })}\n`);

const stop = async () => {
  plain.close();
  await bare.close();
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
