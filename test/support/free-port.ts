import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A port free on 127.0.0.1 for a server that a spec starts later (and may start again on the same port: a restart
 * keeps its address). It is taken outside the kernel's ephemeral range (`ip_local_port_range`): a port from
 * `listen(0)` comes from that range, and so does the source port of every outgoing connection, so between the pick
 * and the bind (or between a stop and the restart) any connection of another process could take it. Two Jest runs
 * side by side (`npm test -- --lanes`) open thousands of connections; the browser's connection spec once lost its
 * port that way (EADDRINUSE on its restart). Below or above that range only an explicit bind takes a port: the pick
 * is random, checked by binding it, and not handed out twice by this process.
 */
export async function freePort(): Promise<number> {
  const range = (machineRange ??= { range: portRange() }).range;
  if (!range) return bindPort(0);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = range[0] + Math.floor(Math.random() * (range[1] - range[0] + 1));
    if (handedOut.has(port)) continue;
    const bound = await bindPort(port).catch(() => null);
    if (bound === null) continue;
    handedOut.add(port);
    return port;
  }
  return bindPort(0);
}

const handedOut = new Set<number>();
/** This machine's range, read once (the kernel setting does not change during a run). */
let machineRange: { range: [number, number] | null } | undefined;

/** Ports outside the ephemeral range, at least 1,000 of them (null: none that wide, use listen(0)). */
export function portRange(text = readRange()): [number, number] | null {
  const [low, high] = (text ?? '').trim().split(/\s+/).map(Number);
  if (!Number.isInteger(low) || !Number.isInteger(high)) return null;
  // (below 10000 live many well-known services' ports)
  if (low - 1 - 10_000 >= 1_000) return [10_000, low - 1];
  if (65_535 - (high + 1) >= 1_000) return [high + 1, 65_535];
  return null;
}

function readRange(): string | null {
  try {
    return readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8');
  } catch {
    return null;
  }
}

function bindPort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}
