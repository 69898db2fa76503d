/**
 * How a chat client acknowledges (issue 13, ADR 0034): acknowledgements and read markers that come while one is
 * pending are coalesced into one, so a burst of messages costs the server one write of each, not one per message.
 * The web client uses these; bench/chat.bench.ts uses the same, so it measures the client's real pattern.
 */

/** The window of an acknowledgement: one leaves at once, the ones within the next this many ms leave as one. */
export const CHAT_ACK_BATCH_MS = 100;

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};
const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Acknowledgements of mailbox positions. The first one leaves at once (receipt 26 is not held back); any that come
 * within CHAT_ACK_BATCH_MS after it are pending, and leave as one acknowledgement of the highest position at the
 * window's end. An acknowledgement covers everything up to its position, so nothing is lost by coalescing.
 */
export function createAckBatcher(
  send: (seq: number) => boolean | void,
  windowMs = CHAT_ACK_BATCH_MS,
  timers = realTimers,
) {
  let sent = 0;
  let highest = 0;
  let timer: unknown = null;
  const flush = () => {
    // An acknowledgement the socket dropped (offline) is not counted as sent.
    if (send(highest) !== false) sent = highest;
    timer = timers.setTimeout(windowEnds, windowMs);
  };
  const windowEnds = () => {
    timer = null;
    if (highest > sent) flush();
  };
  return {
    /** A message at mailbox position `seq` arrived. */
    ack(seq: number): void {
      if (seq > highest) highest = seq;
      if (timer === null && highest > sent) flush();
    },
    /** A new connection: positions start again from what the server replays (nothing pending is kept). */
    reset(): void {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      sent = 0;
      highest = 0;
    },
  };
}

/**
 * Read markers of conversations. One that comes while a read of the same conversation is in flight waits for it,
 * then several such become one more read (which covers all of them: it reads everything unread then).
 */
export function createReadCoalescer(read: (peerId: string) => Promise<unknown>) {
  const state = new Map<string, { again: boolean }>();
  const start = (peerId: string) => {
    const entry = { again: false };
    state.set(peerId, entry);
    void read(peerId)
      .catch(() => undefined)
      .then(() => {
        if (entry.again) start(peerId);
        else state.delete(peerId);
      });
  };
  return {
    read(peerId: string): void {
      const pending = state.get(peerId);
      if (pending) pending.again = true;
      else start(peerId);
    },
    /** Conversations with a read in flight (for tests). */
    pending(): number {
      return state.size;
    },
  };
}
