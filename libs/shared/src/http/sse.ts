import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * One Server-Sent Events connection over a raw response (not Nest's @Sse, so that the hub owning it can
 * end it on shutdown and count what it holds). Heartbeat comments keep proxies from closing an idle
 * stream; `retry:` tells the browser how soon to reconnect.
 */
export class SseConnection {
  private closed = false;
  private heartbeat?: NodeJS.Timeout;
  private readonly closeHandlers: Array<() => void> = [];

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    options: { heartbeatMs?: number; retryMs?: number } = {},
  ) {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    res.write(`retry: ${options.retryMs ?? 2000}\n: connected\n\n`);
    this.heartbeat = setInterval(() => this.comment('heartbeat'), options.heartbeatMs ?? 15_000);
    this.heartbeat.unref();
    const end = () => this.dispose();
    req.on('close', end);
    res.on('close', end);
    res.on('error', end);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  onClose(handler: () => void): void {
    if (this.closed) handler();
    else this.closeHandlers.push(handler);
  }

  /**
   * Writes an already formatted frame (see `sseFrame`), so one frame can be shared by many connections
   * (as a Buffer, encoded once for all of them).
   */
  write(frame: string | Buffer): void {
    if (!this.closed) this.res.write(frame);
  }

  send(event: string, data: unknown, id?: string): void {
    this.write(sseFrame(event, data, id));
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  /** Ends the stream (client gone, or the server shutting down). */
  close(): void {
    if (this.closed) return;
    this.res.end();
    this.dispose();
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (!this.res.writableEnded) this.res.end();
    for (const handler of this.closeHandlers.splice(0)) handler();
  }
}

export function sseFrame(event: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
