import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { applyServerTimeouts, HEADERS_TIMEOUT_MS, requestDeadline } from './server-timeouts';

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

describe('server timeouts', () => {
  it("sets Node's headers timeout (20 s) for the requests after a connection's first", () => {
    const server = createServer();
    applyServerTimeouts(server);
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
  });

  it('answers 408 and closes a connection that has not sent its first headers in time; one that has is served', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    applyServerTimeouts(server, 200);
    const port = await listen(server);
    const slow = new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n'));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(answer.split('\r\n')[0]));
    });
    expect(await slow).toBe('HTTP/1.1 408 Request Timeout');
    const fast = await new Promise<number>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: '/', agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
        .on('error', reject)
        .end();
    });
    expect(fast).toBe(200);
    server.close();
  });

  it('answers 408 and closes a request whose body does not arrive within the deadline; a complete one passes', async () => {
    const handled: string[] = [];
    const server = createServer((req, res) =>
      requestDeadline(req, res, () => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          handled.push(body);
          res.end('ok');
        });
      }, 200),
    );
    const port = await listen(server);
    // Promises the body but sends half of it, then nothing.
    const slow = new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n12345'));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer.split('\r\n')[0]));
    });
    expect(await slow).toBe('HTTP/1.1 408 Request Timeout');
    const fast = await new Promise<number>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', method: 'POST', path: '/', agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end('0123456789');
    });
    expect(fast).toBe(200);
    expect(handled).toEqual(['0123456789']);
    server.close();
  });
});
