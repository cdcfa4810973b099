// Runs the project's own deploy/nginx.conf with Debian's nginx on this machine, in front of API processes on
// loopback ports: the cluster tier (test/cluster/nginx.cluster-spec.ts) and the SSE bench
// (bench/stream-cluster/run.mjs) use it, so a change to deploy/nginx.conf is what they test.
//
// The transform (localNginxConfig) changes only what cannot be the same outside compose, and refuses a file
// it does not recognise rather than guess:
//   1. each `server api1:3000 …;` of the upstream gets a loopback address (in order), the rest of the line kept;
//   2. the `resolve` server parameter is dropped (Docker's DNS re-resolution: nginx ≥ 1.27.3; Debian has 1.22),
//      and so is the `resolver` line that only serves it (127.0.0.11 is Docker's DNS);
//   3. `listen 80;` becomes `listen 127.0.0.1:<port>;`.
// Everything else (timeouts, buffering, X-Forwarded-For, next-upstream, keep-alive) is deploy/nginx.conf's.
// The generated main file wraps it as compose's nginx image does (conf.d is included in `http {}`), with logs,
// pid and temporary files in a folder of its own, and one test-only addition: every response carries
// `X-Upstream: <address>` (nginx's $upstream_addr), so a test knows which replica served it.
//
//   node scripts/nginx-local.mjs <dir> <listen-port> <upstream> [<upstream> …]
//     writes <dir>/nginx.conf and prints the nginx command line as JSON ({ "command", "args" }).
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const DEPLOY_CONF = join(dirname(fileURLToPath(import.meta.url)), '..', 'deploy', 'nginx.conf');

/** deploy/nginx.conf's text with the upstream addresses and the listen port replaced (see the header). */
export function localNginxConfig(source, { port, upstreams }) {
  const servers = [...source.matchAll(/^(\s*)server\s+[\w.-]+:\d+((?:\s+[^;\s]+)*);/gm)];
  if (servers.length !== upstreams.length) {
    throw new Error(`deploy/nginx.conf has ${servers.length} upstream server line(s), ${upstreams.length} address(es) were given`);
  }
  let i = 0;
  let text = source.replace(/^(\s*)server\s+[\w.-]+:\d+((?:\s+[^;\s]+)*);/gm, (_line, indent, params) => {
    const kept = params.split(/\s+/).filter((p) => p && p !== 'resolve');
    return `${indent}server ${upstreams[i++]}${kept.map((p) => ` ${p}`).join('')};`;
  });
  const withoutResolver = text.replace(/^\s*resolver\s+[^;]*;\s*\n/m, '');
  if (withoutResolver === text) throw new Error('deploy/nginx.conf has no `resolver` line: update scripts/nginx-local.mjs');
  text = withoutResolver;
  const listens = text.match(/^\s*listen\s+80;/gm) ?? [];
  if (listens.length !== 1) throw new Error('deploy/nginx.conf must have one `listen 80;`: update scripts/nginx-local.mjs');
  return text.replace(/^(\s*)listen\s+80;/m, `$1listen 127.0.0.1:${port};`);
}

/** Writes `<dir>/nginx.conf` (the main file) and `<dir>/mirrorline.conf` (the transformed site); returns nginx's command line. */
export function writeLocalNginx(dir, { port, upstreams, workerConnections = 1024, workerProcesses = 1 }) {
  dir = resolve(dir);
  for (const sub of ['logs', 'temp']) mkdirSync(join(dir, sub), { recursive: true });
  // As root, nginx's workers run as nobody: they write the temporary files (buffered bodies) here.
  chmodSync(join(dir, 'temp'), 0o777);
  writeFileSync(join(dir, 'mirrorline.conf'), localNginxConfig(readFileSync(DEPLOY_CONF, 'utf8'), { port, upstreams }));
  const temp = (name) => `${name}_temp_path ${join(dir, 'temp', name)};`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      `worker_processes ${workerProcesses};`,
      `worker_rlimit_nofile ${workerConnections * 2 + 64};`,
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'logs', 'error.log')} warn;`,
      `events { worker_connections ${workerConnections}; }`,
      'http {',
      `  log_format upstreams '$status $request_method $uri upstream=$upstream_addr upstream_status=$upstream_status';`,
      `  access_log ${join(dir, 'logs', 'access.log')} upstreams;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      '  add_header X-Upstream $upstream_addr always;  # test only: which replica answered',
      `  include ${join(dir, 'mirrorline.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  return { command: NGINX, args: ['-p', dir, '-e', join(dir, 'logs', 'error.log'), '-c', join(dir, 'nginx.conf')] };
}

export const nginxInstalled = () => existsSync(NGINX);

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, port, ...upstreams] = process.argv.slice(2);
  if (!dir || !port || upstreams.length === 0) {
    process.stderr.write('usage: node scripts/nginx-local.mjs <dir> <listen-port> <upstream> [<upstream> …]\n');
    process.exit(2);
  }
  process.stdout.write(`${JSON.stringify(writeLocalNginx(dir, { port: Number(port), upstreams, workerConnections: Number(process.env.NGINX_WORKER_CONNECTIONS ?? 1024) }))}\n`);
}
