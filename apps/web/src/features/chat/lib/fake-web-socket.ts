import type { ServerFrame } from '@portal/contracts/chat';
import type { WebSocketLike } from './chat-socket.ts';

/** A WebSocket double for unit tests: the test opens it, feeds it server frames and closes it. */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  readonly sent: Array<Record<string, unknown>> = [];
  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  static reset(): void {
    FakeWebSocket.instances = [];
  }
  static last(): FakeWebSocket {
    return FakeWebSocket.instances.at(-1)!;
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }

  // ---- driven by the test
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: ServerFrame): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The server (or the network) ends the connection. */
  drop(code = 1006): void {
    this.close(code);
  }
  /** Opens and answers the login with `ready`. */
  accept(userId = 'u1'): void {
    this.open();
    this.receive({
      kind: 'ready',
      userId,
      userName: userId,
      tenantId: '000000',
      resource: 'pc',
      jid: `${userId}/pc`,
      serverTime: new Date().toISOString(),
      resources: [],
    });
  }
  messagesSent(): Array<Record<string, unknown>> {
    return this.sent.filter((f) => f.kind === 'message');
  }
}
