import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { Drain } from './drain';

/** A plain HTTP server with the drain's middleware in front of a handler the test controls. */
function serve(drain: Drain, handler: (res: ServerResponse) => void): Promise<{ server: Server; port: number }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    drain.middleware(req as unknown as Request, res as unknown as Response, (() => handler(res)) as NextFunction);
  });
  drain.watch(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port })));
}

function get(port: number): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    })
      .on('error', reject)
      .end();
  });
}

describe('Drain', () => {
  it('waits for the requests in flight, and answers them with Connection: close once draining', async () => {
    const drain = new Drain();
    const held: ServerResponse[] = [];
    const { server, port } = await serve(drain, (res) => held.push(res));
    const pending = get(port);
    while (held.length < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(drain.pending()).toBe(1);
    drain.start();
    expect(drain.draining).toBe(true);
    expect(await drain.idle(50)).toBe(false); // still running: the grace would run out
    const idle = drain.idle(5_000);
    held[0].end('done');
    expect(await idle).toBe(true);
    expect(await pending).toEqual({ status: 200, connection: 'close' });
    server.closeAllConnections();
    server.close();
  });

  it('does not wait for event streams (their module ends them in its shutdown hook)', async () => {
    const drain = new Drain();
    const streams: ServerResponse[] = [];
    const { server, port } = await serve(drain, (res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(': hello\n\n');
      streams.push(res);
    });
    const stream = get(port);
    while (streams.length < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    drain.start();
    expect(drain.pending()).toBe(0);
    expect(await drain.idle(1_000)).toBe(true);
    streams[0].end();
    await stream;
    server.closeAllConnections();
    server.close();
  });

  it('closes idle keep-alive connections when it starts, and keeps those with a request in flight', async () => {
    const drain = new Drain();
    let hold = false;
    const held: ServerResponse[] = [];
    const { server, port } = await serve(drain, (res) => (hold ? held.push(res) : res.end('ok')));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const viaAgent = () =>
      new Promise<{ status: number; reused: boolean; closed: Promise<void> }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
          res.resume();
          const closed = new Promise<void>((done) => req.socket!.once('close', () => done()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket, closed }));
        });
        req.on('error', reject).end();
      });
    const first = await viaAgent();
    expect(first.status).toBe(200);
    // A second connection with a request in flight (held: the handler has not answered yet).
    hold = true;
    const busy = get(port);
    while (held.length < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    hold = false;
    drain.start();
    // The idle one is closed by the server, with nothing in flight on it: its client reconnects for the next request.
    await first.closed;
    const next = await viaAgent();
    expect(next).toMatchObject({ status: 200, reused: false });
    held[0].end('done');
    expect(await busy).toEqual({ status: 200, connection: 'close' });
    agent.destroy();
    server.closeAllConnections();
    server.close();
  });

  it('serves a request that reached an idle keep-alive connection before the drain started and was not read yet', async () => {
    const drain = new Drain();
    const { server, port } = await serve(drain, (res) => res.end('ok'));
    const socket = connect(port, '127.0.0.1');
    try {
      await new Promise((resolve) => socket.once('connect', resolve));
      let received = '';
      socket.on('data', (chunk) => (received += String(chunk)));
      const outcome = new Promise<string>((resolve) => {
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
        socket.once('close', () => resolve('closed'));
      });
      socket.write('GET /first HTTP/1.1\r\nHost: test\r\n\r\n');
      const idleSockets = (drain as unknown as { idleSockets: Set<unknown> }).idleSockets;
      while (!received.endsWith('ok') || idleSockets.size === 0) await new Promise((resolve) => setImmediate(resolve));
      // The second request is in the server's kernel buffer when the drain starts, in the same tick: not read yet, as
      // on a busy process that gets the signal before it reads its sockets.
      socket.write('GET /second HTTP/1.1\r\nHost: test\r\n\r\n');
      drain.start();
      expect(await outcome).toBe('closed');
      const answers = received.split('HTTP/1.1 ').filter(Boolean);
      expect(answers).toHaveLength(2);
      expect(answers[1]).toMatch(/^200 OK\r\n/);
      expect(answers[1]).toMatch(/\r\nConnection: close\r\n/i);
    } finally {
      socket.destroy();
      server.closeAllConnections();
      server.close();
    }
  });
});
