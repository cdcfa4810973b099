import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// There is no Docker on the test machines, so the deployment files are checked for the two mistakes
// that broke them before: AdminJS writing into the root-owned /app, and spoofable client IPs.
const root = join(__dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** ENV, USER and RUN instructions of the Dockerfile's last stage (the image that runs). */
function finalStage(dockerfile: string): { env: Record<string, string>; user?: string; runs: string[] } {
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n');
  const start = lines.map((line, i) => (/^FROM\s/i.test(line) ? i : -1)).filter((i) => i >= 0).pop() ?? 0;
  const stage = { env: {} as Record<string, string>, user: undefined as string | undefined, runs: [] as string[] };
  for (const line of lines.slice(start)) {
    const [, instruction, rest] = /^(\w+)\s+(.*)$/.exec(line.trim()) ?? [];
    if (instruction === 'ENV') for (const [, k, v] of rest.matchAll(/(\w+)=("[^"]*"|\S+)/g)) stage.env[k] = v.replace(/^"|"$/g, '');
    if (instruction === 'USER') stage.user = rest.trim();
    if (instruction === 'RUN') stage.runs.push(rest);
  }
  return stage;
}

describe('deployment files', () => {
  it('Dockerfile: AdminJS bundles into a directory that USER node can write in production', () => {
    const stage = finalStage(read('Dockerfile'));
    expect(stage.env.NODE_ENV).toBe('production'); // AdminJS bundles at start only in production
    expect(stage.user).toBe('node');
    const dir = stage.env.ADMIN_JS_TMP_DIR;
    expect(dir).toMatch(/^\//);
    // Writable by node: under /tmp (world-writable), or under a directory the image chowns to node.
    const chowned = stage.runs.flatMap((run) => [...run.matchAll(/chown\s+(?:-R\s+)?node(?::node)?\s+([^&;]+)/g)].flatMap((m) => m[1].trim().split(/\s+/)));
    expect(dir.startsWith('/tmp/') || chowned.some((owned) => dir === owned || dir.startsWith(`${owned}/`))).toBe(true);
  });

  it('adminjs still reads ADMIN_JS_TMP_DIR (the variable the Dockerfile sets)', () => {
    const constants = read('node_modules/adminjs/lib/backend/bundler/utils/constants.js');
    expect(constants).toMatch(/export const ADMIN_JS_TMP_DIR = .*process\.env\.ADMIN_JS_TMP_DIR/);
  });

  it('docker-compose.yml: only nginx is published, and X-Forwarded-For is trusted from its address alone', () => {
    const compose = read('docker-compose.yml');
    // The API replicas publish no port: every client comes through nginx.
    expect(compose.match(/^\s*ports:.*$/gm)).toEqual(['    ports: ["80:80"]']);
    const nginxAddress = /ipv4_address:\s*([0-9.]+)/.exec(compose)?.[1];
    expect(nginxAddress).toBeDefined();
    const trustProxy = compose.split('\n').filter((line) => /^\s*TRUST_PROXY\s*:/.test(line));
    expect(trustProxy.length).toBeGreaterThan(0);
    for (const line of trustProxy) expect(line).toMatch(new RegExp(`:\\s*"${nginxAddress!.replace(/\./g, '\\.')}"\\s*$`));
    // nginx overwrites the header with the client's address (appending would keep a forged one).
    const nginx = read('deploy/nginx.conf');
    const forwarded = nginx.split('\n').filter((line) => /X-Forwarded-For/i.test(line) && /proxy_set_header/.test(line));
    expect(forwarded.length).toBeGreaterThan(0);
    for (const line of forwarded) expect(line).toMatch(/X-Forwarded-For \$remote_addr;/);
  });

  it('docker-compose.yml: two API replicas, a stop grace longer than SHUTDOWN_GRACE_MS, a HEALTHCHECK in the image', () => {
    const compose = read('docker-compose.yml');
    expect(compose).toMatch(/^\s{2}api1: \*api$/m);
    expect(compose).toMatch(/^\s{2}api2: \*api$/m);
    const grace = Number(/SHUTDOWN_GRACE_MS:\s*"(\d+)"/.exec(compose)?.[1]);
    const stop = Number(/stop_grace_period:\s*(\d+)s/.exec(compose)?.[1]);
    expect(stop * 1000).toBeGreaterThan(grace);
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\/api\/health/m);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/apps\/api\/src\/main.js"\]$/m); // node is PID 1 and gets SIGTERM
  });

  it('docker-compose.yml: the replicas keep KYC documents in the MinIO service, which is not published', () => {
    const compose = read('docker-compose.yml');
    const setting = (name: string) => new RegExp(`^\\s+${name}:\\s*(\\S+)\\s*$`, 'm').exec(compose)?.[1];
    expect(setting('DOCUMENT_STORE')).toBe('s3');
    expect(setting('S3_ENDPOINT')).toBe('http://minio:9000');
    expect(setting('S3_BUCKET')).toMatch(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/);
    expect(compose).toMatch(/^\s{2}minio:\n\s{4}image: minio\/minio:RELEASE\./m);
    expect(compose).toMatch(/^\s{4}minio: \{ condition: service_healthy \}$/m); // the replicas start once it answers
    expect(compose).not.toMatch(/uploads:\/data\/uploads/); // no shared upload volume any more: each replica's own tmp
  });

  it('deploy/mirrorline.service: restarted on failure, SIGTERM to drain, a stop timeout above SHUTDOWN_GRACE_MS', () => {
    const unit = read('deploy/mirrorline.service');
    const directive = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1];
    expect(directive('ExecStart')).toBe('/usr/bin/node dist/apps/api/src/main.js');
    expect(directive('KillSignal')).toBe('SIGTERM');
    expect(directive('Restart')).toBe('on-failure');
    const grace = Number(/^Environment=SHUTDOWN_GRACE_MS=(\d+)$/m.exec(unit)?.[1]);
    expect(grace).toBeGreaterThan(0);
    expect(Number(directive('TimeoutStopSec')) * 1000).toBeGreaterThan(grace);
    expect(directive('EnvironmentFile')).toBe('/etc/mirrorline.env'); // secrets outside the unit and the repository
  });
});
