/**
 * Chat benchmark: a swarm of real `ws` clients on loopback against the portal's chat socket, beside a bare
 * `ws` echo server measured the same way in the same run. The ratios are the figures (house style 9).
 *
 *   node bench/chat.bench.ts                     # 1,000 active clients, 10,000 idle connections
 *   CHAT_BENCH_CLIENTS=200 CHAT_BENCH_IDLE=2000 node bench/chat.bench.ts
 *   CHAT_BENCH_DB=memory …          # SQLite in memory instead of a WAL file (takes fsync out of the figure)
 *   CHAT_BENCH_PROFILE=/tmp/prof …  # write a CPU profile of the chat server there
 *   CHAT_BENCH_ONLY=idle …          # one part only: `idle` (memory, 2.) or `delivery` (1.)
 *
 * 1. Delivery: CLIENTS clients in pairs. Saturated: each sends MESSAGES messages to its partner, the next one
 *    after the previous was acknowledged (chat: receipt 25, stored; echo: the echo) → delivered messages/s.
 *    Paced: together they send RATE messages/s for PACED_SECONDS → p50/p99 latency from send to arrival at
 *    the addressee (echo: back at the sender), below saturation.
 *    Each recipient acknowledges and reads as the web client does with the conversation open (the same code,
 *    `@portal/contracts/chat-batching`): an ack at once, then one ack of the highest position per 100 ms window;
 *    the conversation marked read (`conversation/read`, over HTTP like the web client) at each message, a read
 *    that comes while one is in flight coalesced into one more after it. Saturated runs go in ROUNDS alternating
 *    rounds of echo, chat with read markers, chat without (CHAT_BENCH_READ=0: without only); medians are reported.
 * 2. Memory: IDLE authenticated idle connections; the server's heap and RSS growth per connection after GC.
 *
 * Each server runs in a child process of its own (so its memory is its own); everything stays on 127.0.0.1,
 * every loop is bounded in count, and the whole run stops itself after BENCH_DEADLINE_MS.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHAT_PROTOCOL, CHAT_TOKEN_PROTOCOL_PREFIX } from '@portal/contracts/chat';
import { createAckBatcher, createReadCoalescer } from '@portal/contracts/chat-batching';
import { WebSocket, WebSocketServer } from 'ws';
import { seedBenchSessions } from './support.ts';

const CLIENTS = Number(process.env.CHAT_BENCH_CLIENTS ?? 1000);
const MESSAGES = Number(process.env.CHAT_BENCH_MESSAGES ?? 20);
const IDLE = Number(process.env.CHAT_BENCH_IDLE ?? 10_000);
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 200);
const PACED_SECONDS = Number(process.env.CHAT_BENCH_PACED_SECONDS ?? 10);
const BENCH_DEADLINE_MS = Number(process.env.CHAT_BENCH_DEADLINE_MS ?? 600_000);
const CONNECT_BATCH = 250;
/** Recipients mark their conversation read as they read (read markers in the mix); 0 leaves them out entirely. */
const READ_MARKERS = process.env.CHAT_BENCH_READ !== '0';
/** Alternating rounds of the saturated runs (echo, chat with markers, chat without); the medians are reported. */
const ROUNDS = Number(process.env.CHAT_BENCH_ROUNDS ?? 3);
const TOKEN_PREFIX = 'bench-token-';
/** Runs one part only when set: 'idle' (memory per idle connection) or 'delivery' (throughput and latency). */
const ONLY = process.env.CHAT_BENCH_ONLY;
if (ONLY !== undefined && ONLY !== 'idle' && ONLY !== 'delivery')
  throw new Error(`CHAT_BENCH_ONLY is 'idle' or 'delivery', not '${ONLY}'`);

type ServerKind = 'chat' | 'echo';
type ToChild = { cmd: 'memory' } | { cmd: 'stop' };
type FromChild = { ready: true; port: number } | { memory: { rss: number; heapUsed: number } };

// ---------------------------------------------------------------- child: the servers under test

async function serveChat(users: number): Promise<number> {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createDb } = await import('../apps/server/src/db/create-db.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const { seed } = await import('../apps/server/src/db/seed/index.ts');
  const { DEMO_TENANT_ID } = await import('../apps/server/src/db/seed/demo.ts');
  const dir = mkdtempSync(join(tmpdir(), 'portal-chat-bench-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    TOKEN_SECRET: 'bench-token-secret-0123456789abcdefghijkl',
    CLIENT_SECRET: 'bench-client-secret-0123',
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dir, 'no-web'),
  });
  const db = createDb({
    engine: 'sqlite',
    filename: process.env.CHAT_BENCH_DB === 'memory' ? ':memory:' : join(dir, 'bench.db'),
  });
  await migrateToLatest(db.db);
  await seed(db.db);
  await seedBenchSessions(db.db, {
    count: users,
    tokenSecret: config.tokenSecret,
    tokenPrefix: TOKEN_PREFIX,
    userAgent: 'chat-bench',
    tenantId: DEMO_TENANT_ID,
  });
  const app = await buildApp({ config, db, logger: false, serveWeb: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** The baseline: a bare ws server that sends every frame straight back. */
async function serveEcho(): Promise<number> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wss.on('connection', (ws) => ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary })));
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  return (wss.address() as { port: number }).port;
}

async function child(kind: ServerKind, users: number): Promise<void> {
  const port = kind === 'chat' ? await serveChat(users) : await serveEcho();
  process.on('message', (m: ToChild) => {
    if (m.cmd === 'stop') process.exit(0);
    (globalThis as { gc?: () => void }).gc?.();
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send!({ memory: { rss, heapUsed } } satisfies FromChild);
  });
  process.send!({ ready: true, port } satisfies FromChild);
}

// ---------------------------------------------------------------- parent: the client swarm

type Server = {
  kind: ServerKind;
  proc: ChildProcess;
  port: number;
  memory: () => Promise<{ rss: number; heapUsed: number }>;
  stop: () => void;
};

function startServer(kind: ServerKind, users: number): Promise<Server> {
  const proc = fork(import.meta.filename, [`--serve=${kind}`, `--users=${users}`], {
    execArgv: [
      '--expose-gc',
      ...(process.env.CHAT_BENCH_PROFILE && kind === 'chat'
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CHAT_BENCH_PROFILE}`]
        : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proc.once('error', reject);
    proc.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
    proc.once('message', (m: FromChild) => {
      if (!('ready' in m)) return reject(new Error('unexpected message'));
      resolve({
        kind,
        proc,
        port: m.port,
        memory: () =>
          new Promise((res) => {
            proc.once('message', (x: FromChild) => 'memory' in x && res(x.memory));
            proc.send({ cmd: 'memory' } satisfies ToChild);
          }),
        stop: () => {
          proc.removeAllListeners('exit');
          proc.send({ cmd: 'stop' } satisfies ToChild);
        },
      });
    });
  });
}

type Frame = {
  kind: string;
  seq?: number | null;
  type?: number;
  messageIdWeb?: string;
  message?: { messageIdWeb: string };
};

/** Opens `count` sockets in batches; a chat socket is ready once its offline replay ended (`synced`). */
async function openSockets(
  server: Server,
  count: number,
  onFrame: (i: number, f: Frame | string, ws: WebSocket) => void,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, (_, k) => start + k);
    await Promise.all(
      batch.map(
        (i) =>
          new Promise<void>((resolve, reject) => {
            // The chat socket takes its token in Sec-WebSocket-Protocol (never in the URL).
            const ws =
              server.kind === 'chat'
                ? new WebSocket(
                    `ws://127.0.0.1:${server.port}/api/chat/ws?resource=pc`,
                    [CHAT_PROTOCOL, `${CHAT_TOKEN_PROTOCOL_PREFIX}${TOKEN_PREFIX}${i}`],
                    {
                      perMessageDeflate: false,
                    },
                  )
                : new WebSocket(`ws://127.0.0.1:${server.port}/`, { perMessageDeflate: false });
            sockets[i] = ws;
            ws.once('error', reject);
            ws.on('message', (raw) => {
              if (server.kind === 'echo') return onFrame(i, raw.toString(), ws);
              const f = JSON.parse(raw.toString()) as Frame;
              if (f.kind === 'synced') resolve();
              onFrame(i, f, ws);
            });
            if (server.kind === 'echo') ws.once('open', () => resolve());
          }),
      ),
    );
  }
  return sockets;
}

const closeAll = (sockets: WebSocket[]) =>
  Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) =>
          ws.readyState === WebSocket.CLOSED ? resolve() : (ws.once('close', () => resolve()), ws.close()),
        ),
    ),
  );

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

type Delivery = { delivered: number; seconds: number; perSecond: number; p50: number; p99: number };

/** Phase 1 against one server. */
/**
 * Phase 1 against one server. 'saturate': every client sends its next message as soon as the previous one
 * was acknowledged (throughput; latency then is mostly queueing). 'paced': the clients together send RATE
 * messages per second for PACED_SECONDS (latency below saturation).
 */
async function delivery(server: Server, mode: 'saturate' | 'paced', markers = READ_MARKERS): Promise<Delivery> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const sentCount = new Array<number>(CLIENTS).fill(0);
  const sockets: WebSocket[] = [];
  // The web client's pattern: its own batching code, per client.
  const acks = Array.from({ length: CLIENTS }, (_, i) =>
    createAckBatcher((seq) => sockets[i]?.send(JSON.stringify({ kind: 'ack', seq }))),
  );
  const reads = Array.from({ length: CLIENTS }, (_, i) =>
    createReadCoalescer((peerId) =>
      fetch(`http://127.0.0.1:${server.port}/api/chat/conversation/read`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN_PREFIX}${i}`, 'content-type': 'application/json' },
        body: JSON.stringify({ peerId }),
      }).then((res) => res.arrayBuffer()),
    ),
  );
  const total = mode === 'saturate' ? CLIENTS * MESSAGES : RATE * PACED_SECONDS;
  let delivered = 0;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  const partner = (i: number) => (i % 2 === 0 ? i + 1 : i - 1);

  const send = (i: number, ws: WebSocket) => {
    const id = randomUUID();
    sentAt.set(id, performance.now());
    if (server.kind === 'echo') ws.send(id);
    else
      ws.send(
        JSON.stringify({
          kind: 'message',
          messageIdWeb: id,
          toUserId: `bench-u-${partner(i)}`,
          toUserType: 1,
          type: 1,
          content: `压测消息 ${id}`,
        }),
      );
  };
  const sendNext = (i: number, ws: WebSocket) => {
    if (mode !== 'saturate' || sentCount[i]! >= MESSAGES) return;
    sentCount[i]! += 1;
    send(i, ws);
  };
  const arrived = (id: string) => {
    const t0 = sentAt.get(id);
    if (t0 === undefined) return;
    sentAt.delete(id);
    latencies.push(performance.now() - t0);
    delivered += 1;
    if (delivered === total) finish();
  };

  const opened = await openSockets(server, CLIENTS, (i, f, ws) => {
    if (typeof f === 'string') {
      arrived(f);
      sendNext(i, ws);
      return;
    }
    if (f.kind === 'receipt' && f.type === 25) sendNext(i, ws);
    if (f.kind === 'message' && f.message && typeof f.seq === 'number') {
      arrived(f.message.messageIdWeb);
      sockets[i] = ws;
      acks[i]!.ack(f.seq);
      // The conversation is open on screen: it is read at once (the partner gets a read marker, a `seen` frame).
      if (markers) reads[i]!.read(`bench-u-${partner(i)}`);
    }
  });
  opened.forEach((ws, i) => (sockets[i] = ws));
  const started = performance.now();
  let ticker: NodeJS.Timeout | undefined;
  if (mode === 'saturate') sockets.forEach((ws, i) => sendNext(i, ws));
  else {
    const perTick = RATE / 50;
    let sent = 0;
    let next = 0;
    ticker = setInterval(() => {
      const due = Math.min(total, Math.round(((performance.now() - started) / 1000) * RATE)) - sent;
      for (let k = 0; k < Math.min(due, perTick * 4); k++) {
        send(next, sockets[next]!);
        next = (next + 1) % CLIENTS;
        sent += 1;
      }
      if (sent >= total) clearInterval(ticker);
    }, 20);
  }
  const timeout = new Promise<void>((_, reject) =>
    setTimeout(
      () => reject(new Error(`${server.kind}: only ${delivered} of ${total} delivered in time`)),
      BENCH_DEADLINE_MS / 4,
    ).unref(),
  );
  try {
    await Promise.race([done, timeout]);
  } finally {
    clearInterval(ticker);
  }
  const seconds = (performance.now() - started) / 1000;
  for (const a of acks) a.reset();
  await closeAll(sockets);
  latencies.sort((a, b) => a - b);
  return {
    delivered,
    seconds,
    perSecond: delivered / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** The run with the median throughput. */
const median = (runs: Delivery[]): Delivery =>
  [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!;

/** Phase 2 against one server: memory growth per idle connection. */
async function idleMemory(server: Server): Promise<{ heapPerConn: number; rssPerConn: number }> {
  const before = await server.memory();
  const sockets = await openSockets(server, IDLE, () => {});
  await new Promise((r) => setTimeout(r, 1000));
  const after = await server.memory();
  await closeAll(sockets);
  return { heapPerConn: (after.heapUsed - before.heapUsed) / IDLE, rssPerConn: (after.rss - before.rss) / IDLE };
}

async function main(): Promise<void> {
  const deadline = setTimeout(() => {
    console.error(`chat bench: stopped after ${BENCH_DEADLINE_MS} ms`);
    process.exit(2);
  }, BENCH_DEADLINE_MS);
  deadline.unref();
  const users = ONLY === 'idle' ? IDLE : ONLY === 'delivery' ? CLIENTS : Math.max(CLIENTS, IDLE);
  const engine = process.env.CHAT_BENCH_DB === 'memory' ? 'SQLite in memory' : 'SQLite file (WAL)';
  const parts = [
    ...(ONLY === 'idle'
      ? []
      : [`${CLIENTS} clients x ${MESSAGES} messages, then ${RATE} msg/s for ${PACED_SECONDS} s`]),
    ...(ONLY === 'delivery' ? [] : [`${IDLE} idle connections`]),
  ];
  console.log(`chat bench: ${parts.join(', ')}; ${engine}; loopback`);

  const [chat, echo] = await Promise.all([startServer('chat', users), startServer('echo', 0)]);
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
  const ms = (x: number) => x.toFixed(2);
  const ratio = (a: number, b: number, digits = 2) => (a / b).toFixed(digits);
  try {
    const rows: string[][] = [];
    const notes: string[] = [];
    if (ONLY !== 'idle') {
      const echoRuns: Delivery[] = [];
      const withRuns: Delivery[] = [];
      const withoutRuns: Delivery[] = [];
      // Each saturated chat run gets a chat server and database of its own, so that the rounds are alike. On one
      // server a burst with read markers after one without no longer freezes (every read marker read the tenant's
      // whole inbox; ADR 0044), but it still runs at about half the rate: each run adds 20,000 messages, the first
      // reads carry the previous run's unread backlog, and a server that falls behind stays behind (the slower the
      // messages arrive at a client, the more of them it acknowledges and reads one by one).
      const fresh = async (markers: boolean) => {
        const server = await startServer('chat', CLIENTS);
        try {
          return await delivery(server, 'saturate', markers);
        } finally {
          server.stop();
        }
      };
      for (let round = 1; round <= ROUNDS; round++) {
        echoRuns.push(await delivery(echo, 'saturate'));
        if (READ_MARKERS) withRuns.push(await fresh(true));
        withoutRuns.push(await fresh(false));
        const last = (runs: Delivery[]) => runs.at(-1)?.perSecond.toFixed(0) ?? '-';
        console.log(
          `round ${round}: echo ${last(echoRuns)}, chat with read markers ${last(withRuns)}, without ${last(withoutRuns)} msg/s`,
        );
      }
      const echoRun = median(echoRuns);
      const chatRun = READ_MARKERS ? median(withRuns) : median(withoutRuns);
      const chatBare = median(withoutRuns);
      const echoPaced = await delivery(echo, 'paced');
      const chatPaced = await delivery(chat, 'paced');
      rows.push(
        [
          `delivered msg/s saturated, ${READ_MARKERS ? 'with' : 'without'} read markers (median of ${ROUNDS})`,
          chatRun.perSecond.toFixed(0),
          echoRun.perSecond.toFixed(0),
          ratio(chatRun.perSecond, echoRun.perSecond, 3),
        ],
        ...(READ_MARKERS
          ? [
              [
                `delivered msg/s saturated, without read markers (median of ${ROUNDS})`,
                chatBare.perSecond.toFixed(0),
                echoRun.perSecond.toFixed(0),
                ratio(chatBare.perSecond, echoRun.perSecond, 3),
              ],
            ]
          : []),
        [
          '  p50 / p99 latency (ms), saturated',
          `${ms(chatRun.p50)} / ${ms(chatRun.p99)}`,
          `${ms(echoRun.p50)} / ${ms(echoRun.p99)}`,
          `${ratio(chatRun.p50, echoRun.p50)} / ${ratio(chatRun.p99, echoRun.p99)}`,
        ],
        [
          `p50 latency (ms) at ${RATE} msg/s`,
          ms(chatPaced.p50),
          ms(echoPaced.p50),
          ratio(chatPaced.p50, echoPaced.p50),
        ],
        [
          `p99 latency (ms) at ${RATE} msg/s`,
          ms(chatPaced.p99),
          ms(echoPaced.p99),
          ratio(chatPaced.p99, echoPaced.p99),
        ],
      );
      notes.push(
        `(saturated, median run: chat ${chatRun.delivered} messages in ${chatRun.seconds.toFixed(1)} s, echo ${echoRun.delivered} in ${echoRun.seconds.toFixed(1)} s; ${CLIENTS} clients connected throughout)`,
      );
    }
    if (ONLY !== 'delivery') {
      const echoIdle = await idleMemory(echo);
      const chatIdle = await idleMemory(chat);
      rows.push(
        [
          `heap per idle conn (${IDLE})`,
          kb(chatIdle.heapPerConn),
          kb(echoIdle.heapPerConn),
          ratio(chatIdle.heapPerConn, echoIdle.heapPerConn),
        ],
        [
          `RSS per idle conn (${IDLE})`,
          kb(chatIdle.rssPerConn),
          kb(echoIdle.rssPerConn),
          ratio(chatIdle.rssPerConn, echoIdle.rssPerConn),
        ],
      );
    }
    const head = ['', 'chat (stored, receipts)', 'bare ws echo', 'ratio chat/echo'];
    const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
    const line = (r: string[]) => r.map((v, c) => (c === 0 ? v.padEnd(widths[c]!) : v.padStart(widths[c]!))).join('  ');
    console.log(line(head));
    for (const r of rows) console.log(line(r));
    for (const n of notes) console.log(n);
  } finally {
    chat.stop();
    echo.stop();
  }
}

const serveArg = process.argv.find((a) => a.startsWith('--serve='));
if (serveArg) {
  const users = Number(process.argv.find((a) => a.startsWith('--users='))?.slice('--users='.length) ?? 0);
  child(serveArg.slice('--serve='.length) as ServerKind, users).catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
