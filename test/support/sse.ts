import http from 'node:http';

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  comments: string[];
  /** resolves with the first event (already received or coming) that matches */
  next: (match: (e: SseEvent) => boolean, timeoutMs?: number) => Promise<SseEvent>;
  /** resolves when the server ends the stream */
  ended: Promise<void>;
  close: () => void;
}

/**
 * A minimal EventSource over node:http for the specs: opens `url` and parses `event:` / `data:` / `id:`
 * frames and `:` comments. Resolves once the response headers arrive (status and body for a non-200).
 * `localAddress` binds the client to another loopback address, so the server sees another client address.
 */
export function openSse(url: string, headers: Record<string, string> = {}, options: { localAddress?: string } = {}): Promise<SseClient & { body?: string }> {
  return new Promise((resolve, reject) => {
    // `localAddress` (e.g. 127.0.0.2: Linux routes all of 127/8 to loopback) makes the server see another client.
    const req = http.get(url, { headers: { Accept: 'text/event-stream', ...headers }, agent: false, localAddress: options.localAddress }, (res) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const waiters: Array<{ match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }> = [];
      let buffer = '';
      let endResolve: () => void = () => undefined;
      const ended = new Promise<void>((r) => (endResolve = r));
      res.on('end', () => endResolve());
      res.on('close', () => endResolve());
      res.on('error', () => endResolve());
      res.setEncoding('utf8');
      const client: SseClient & { body?: string } = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        ended,
        next: (match, timeoutMs = 10_000) => {
          const found = events.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((res2, rej2) => {
            const timer = setTimeout(() => rej2(new Error(`no matching SSE event within ${timeoutMs} ms (got ${events.length})`)), timeoutMs);
            waiters.push({
              match,
              resolve: (e) => {
                clearTimeout(timer);
                res2(e);
              },
            });
          });
        },
        close: () => req.destroy(),
      };
      if (res.statusCode !== 200) {
        let body = '';
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ ...client, body }));
        return;
      }
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let index: number;
        while ((index = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          const event: SseEvent = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              event.data += line.slice(6);
              hasData = true;
            } else if (line.startsWith('id: ')) event.id = line.slice(4);
          }
          if (!hasData) continue;
          events.push(event);
          for (const waiter of [...waiters]) {
            if (waiter.match(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(event);
            }
          }
        }
      });
      resolve(client);
    });
    req.on('error', reject);
  });
}

export function baseUrl(server: http.Server): string {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('server not listening');
  return `http://127.0.0.1:${address.port}`;
}
