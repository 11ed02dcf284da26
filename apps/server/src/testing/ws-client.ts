import WebSocket from 'ws';
import type { TWsServerMessage } from '@strata/shared';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitFor(cond: () => boolean | Promise<boolean>, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`waitFor: timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** A websocket client for tests: records every message and the close, and waits for them. */
export class TestSocket {
  readonly messages: TWsServerMessage[] = [];
  closed: { code: number; reason: string } | undefined;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse(String(data)) as TWsServerMessage));
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
    ws.on('error', () => undefined);
  }

  /** Opens `ws://…` (the app must listen); resolves once the upgrade succeeded. */
  static open(url: string): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const socket = new TestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  send(data: unknown): void {
    this.ws.send(typeof data === 'string' ? data : JSON.stringify(data));
  }

  /** Waits for the first message (from index `from`) that matches; returns it. */
  async next<M extends TWsServerMessage>(match: (m: TWsServerMessage) => m is M, timeoutMs?: number, from?: number): Promise<M>;
  async next(match: (m: TWsServerMessage) => boolean, timeoutMs?: number, from?: number): Promise<TWsServerMessage>;
  async next(match: (m: TWsServerMessage) => boolean, timeoutMs = 5_000, from = 0): Promise<TWsServerMessage> {
    let found: TWsServerMessage | undefined;
    await waitFor(() => (found = this.messages.slice(from).find(match)) !== undefined, timeoutMs, 'a matching message');
    return found!;
  }

  notifications(): Extract<TWsServerMessage, { event: 'notification' }>['data'][] {
    return this.messages.flatMap((m) => (m.event === 'notification' ? [m.data] : []));
  }

  async waitClosed(timeoutMs = 5_000): Promise<{ code: number; reason: string }> {
    await waitFor(() => this.closed !== undefined, timeoutMs, 'the socket to close');
    return this.closed!;
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
  }
}

export const isEvent =
  <E extends TWsServerMessage['event']>(event: E) =>
  (m: TWsServerMessage): m is Extract<TWsServerMessage, { event: E }> =>
    m.event === event;
