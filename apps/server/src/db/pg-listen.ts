import pg from 'pg';

/** What a listener is told (ADR 0065). */
export type ListenHandlers = {
  /** A notification on the channel, with its payload. */
  message: (payload: string) => void;
  /**
   * Listening again after the connection was lost (or after a first attempt that failed): whatever was notified in
   * between never arrives, so the listener looks for itself.
   */
  missed: () => void;
  /** The connection failed or dropped; the listener connects again by itself after a second. */
  error: (err: Error) => void;
};

export type Listening = { close: () => Promise<void> };

/** LISTEN on a channel of the database (PostgreSQL only; a DbHandle on SQLite has none). */
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<Listening>;

/** How long a lost listening connection waits before it connects again. */
export const LISTEN_RETRY_MS = 1_000;

/**
 * PostgreSQL's LISTEN on a connection of its own (a pooled one goes back to the pool, and LISTEN with it): connected
 * again a second after it drops, for as long as it is not closed. TCP keep-alive notices a peer that went away
 * without a word. Resolves after the first attempt, whether it succeeded or not (then it keeps trying).
 */
export function pgListen(connection: pg.ClientConfig): Listen {
  return async (channel, h) => {
    let closed = false;
    let current: pg.Client | null = null;
    let retry: NodeJS.Timeout | null = null;
    let attempts = 0;

    const connect = async (): Promise<void> => {
      if (closed) return;
      attempts += 1;
      const client = new pg.Client({
        ...connection,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        connectionTimeoutMillis: 10_000,
        application_name: 'portal-listen',
      });
      let lost = false;
      const onLost = (err?: Error) => {
        if (lost) return;
        lost = true;
        if (current === client) current = null;
        client.removeAllListeners('notification');
        client.end().catch(() => undefined);
        if (closed) return;
        if (err) h.error(err);
        retry = setTimeout(() => {
          retry = null;
          void connect();
        }, LISTEN_RETRY_MS);
        retry.unref();
      };
      client.on('error', onLost);
      client.on('end', () => onLost(new Error('the listening connection ended')));
      client.on('notification', (n) => {
        if (n.channel === channel) h.message(n.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      } catch (err) {
        onLost(err as Error);
        return;
      }
      if (closed || lost) {
        onLost();
        return;
      }
      current = client;
      if (attempts > 1) h.missed();
    };

    await connect();
    return {
      close: async () => {
        closed = true;
        if (retry) clearTimeout(retry);
        const client = current;
        current = null;
        if (client) {
          client.removeAllListeners('notification');
          await client.end().catch(() => undefined);
        }
      },
    };
  };
}
