import { describe, expect, it } from 'vitest';
import { nginxMainConfig, nginxPortalConfig, restartDelay } from './cluster.ts';

describe('npm run cluster', () => {
  it('restarts a failing node after 1 s, doubling to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('writes the portal part of nginx for the given ports, with nothing of the launcher in it', () => {
    const conf = nginxPortalConfig(9000, [9001, 9002, 9003]);
    expect(conf).toContain('listen 127.0.0.1:9000;');
    expect(conf.match(/server 127\.0\.0\.1:\d+ /g)).toEqual([
      'server 127.0.0.1:9001 ',
      'server 127.0.0.1:9002 ',
      'server 127.0.0.1:9003 ',
    ]);
    // An idle connection closed by nginx before a draining node's window ends (ADR 0064); no POST sent twice.
    expect(conf).toMatch(/keepalive_timeout 4s;/);
    expect(conf).toMatch(/proxy_next_upstream error timeout http_502 http_503;/);
    expect(conf).not.toMatch(/non_idempotent;|^\s*user |_temp_path|daemon|\bpid\b/m);
    // The launcher's main file holds what is the launcher's, and includes the portal's part.
    const main = nginxMainConfig('/tmp/x');
    expect(main).toContain('include /tmp/x/portal.conf;');
    expect(main).toContain('daemon off;');
  });
});
