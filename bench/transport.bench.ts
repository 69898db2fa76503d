/**
 * 7.1 sealing benchmark (docs/adr/0014-transport-sealing.md): the same calls plain and sealed, side by side in
 * one run, through app.inject on the seeded SQLite app. Sealed = the request body encrypted and signed the way
 * the web client does it, the server opening and checking it, and the server sealing and signing the answer
 * (the client's opening is not counted: it runs in the browser). The ratio is the figure.
 *
 *   node bench/transport.bench.ts        # TRANSPORT_BENCH_CALLS=2000 by default, alternating rounds
 */
import { requestSigningText } from '@portal/contracts/transport';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, median, seededApp } from './support.ts';

const CALLS = Number(process.env.TRANSPORT_BENCH_CALLS ?? 2000);
const ROUNDS = 5;

const dir = mkdtempSync(join(tmpdir(), 'portal-transport-bench-'));
try {
  const { app, db, headers } = await seededApp(dir, 'student01');
  const { seal, sign, transportKeys } = await import('../apps/server/src/platform/transport.ts');
  const token = headers.authorization.slice('Bearer '.length);
  const keys = transportKeys(token);
  const path = '/api/online-service-platform/homePage/getBusinessConfigMenu';
  const body = { roleId: '000000-student', _account: 'student01', _nickName: '小华' };

  const plain = () => app.inject({ method: 'POST', url: path, headers, payload: body });
  const sealed = () => {
    const requestId = randomUUID();
    const time = String(Date.now());
    const data = seal(keys, JSON.stringify(body));
    return app.inject({
      method: 'POST',
      url: path,
      headers: {
        ...headers,
        'Portal-Transport': '1',
        'Request-Id': requestId,
        'Request-Time': time,
        Sign: sign(keys, requestSigningText(requestId, time, 'POST', path, data)),
      },
      payload: { data },
    });
  };
  const check = async (f: () => ReturnType<typeof plain>) => {
    const res = await f();
    if (res.json().status !== 1000) throw new Error(res.body);
  };
  await check(plain);
  await check(sealed);

  const time = async (f: () => ReturnType<typeof plain>) => {
    const t0 = performance.now();
    for (let i = 0; i < CALLS; i++) await f();
    return (performance.now() - t0) / CALLS;
  };
  const p: number[] = [];
  const s: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    p.push(await time(plain));
    s.push(await time(sealed));
  }
  const mp = median(p);
  const ms = median(s);
  console.log(`transport bench, ${CALLS} calls x ${ROUNDS} alternating rounds, node ${process.version}`);
  console.log(`plain   ${fmt(mp)} per call (${Math.round(1000 / mp).toLocaleString('en')} calls/s)`);
  console.log(`sealed  ${fmt(ms)} per call (${Math.round(1000 / ms).toLocaleString('en')} calls/s)`);
  console.log(`sealed takes ${(ms / mp).toFixed(2)}x the plain call's time (+${fmt(ms - mp)})`);
  await app.close();
  await db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
