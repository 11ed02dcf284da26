/**
 * nginx in front of the two API instances, as a child process with a generated configuration: one upstream of both
 * (round robin, the next one on a connection error, timeout or 502/503), websocket upgrade, X-Forwarded-For and
 * X-Forwarded-Proto set. `testHooks` adds what only the script needs: `X-Topology-Pin: 1|2` sends a request (or a
 * websocket) to one instance, and every answer says in `X-Upstream` which instance answered.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run, spawnChild, type Child } from './children.js';
import { Abort, until } from './report.js';

export const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';

export interface NginxSite {
  port: number;
  /** The API instances' ports, in pin order (pin 1 is the first). */
  upstreams: number[];
  testHooks: boolean;
}

/** The `http {}` part that matters for Strata (docs/deploy.md shows it without the test hooks). */
export function strataHttpConfig(site: NginxSite): string {
  const servers = site.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  const pins = site.upstreams.map((p, i) => `  upstream strata_${i + 1} {\n    server 127.0.0.1:${p};\n  }`).join('\n');
  const pinMap = site.upstreams.map((_, i) => `    ${i + 1} strata_${i + 1};`).join('\n');
  return `  # Websocket upgrade: Connection is "upgrade" only when the client asked for one.
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' close;
  }
  upstream strata {
${servers}
  }
${
  site.testHooks
    ? `  # Test hooks: X-Topology-Pin picks one instance.
${pins}
  map $http_x_topology_pin $strata_upstream {
    default strata;
${pinMap}
  }
`
    : ''
}  server {
    listen 127.0.0.1:${site.port};
    client_max_body_size 20m;
    location / {
      proxy_pass http://${site.testHooks ? '$strata_upstream' : 'strata'};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # Appends the peer's address: Strata (TRUST_PROXY = this proxy) takes the address left of it.
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Fail-over: a refused connection, a timeout, or an instance draining (503) goes to the other one.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      # Websockets stay open (the server pings every 30 s); uploads and reports may take a while.
      proxy_read_timeout 120s;
      proxy_send_timeout 120s;
${site.testHooks ? '      add_header X-Upstream $upstream_addr always;\n' : ''}    }
  }
`;
}

/** Writes the configuration under `dir` and runs nginx in the foreground; resolves once it answers. */
export async function startNginx(dir: string, site: NginxSite): Promise<Child> {
  mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  const temp = (name: string) => path.join(dir, name);
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events {
  worker_connections 4096;
}
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${strataHttpConfig(site)}}
`,
  );
  await run(NGINX, ['-t', '-q', '-p', dir, '-c', conf, '-e', temp('error.log')]);
  const child = spawnChild('nginx', NGINX, ['-p', dir, '-c', conf, '-e', temp('error.log')], { logFile: temp('nginx.out') });
  await until('nginx to listen', 10_000, async () => {
    if (!child.alive()) throw new Abort(`nginx ended: ${child.output()}`);
    return fetch(`http://127.0.0.1:${site.port}/`).then(
      () => true,
      () => false,
    );
  });
  return child;
}
