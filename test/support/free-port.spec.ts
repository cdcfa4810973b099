import { createServer } from 'node:net';
import { freePort, portRange } from './free-port';

describe('freePort: a port outside the kernel’s ephemeral range', () => {
  it('takes the ports below the ephemeral range, or above it, or none when neither leaves 1,000', () => {
    expect(portRange('32768\t60999\n')).toEqual([10_000, 32_767]);
    expect(portRange('1024 50000')).toEqual([50_001, 65_535]);
    expect(portRange('10500 65000')).toBeNull();
    expect(portRange('')).toBeNull();
    expect(portRange(null)).toBeNull();
  });

  it('hands out bindable ports, each once, outside this machine’s ephemeral range', async () => {
    const range = portRange();
    const ports = [];
    for (let i = 0; i < 20; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(20);
    for (const port of ports) {
      if (range) expect(port >= range[0] && port <= range[1]).toBe(true);
      await new Promise<void>((resolve, reject) => {
        const server = createServer().once('error', reject);
        server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
      });
    }
  });
});
