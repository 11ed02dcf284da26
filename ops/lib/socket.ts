/** The live connection (`/api/v1/rtc/ws`) through nginx, as the web app holds it: connect, send the access token. */
import WebSocket from 'ws';
import { upstreamPort, type Session } from './http.js';
import { until } from './report.js';

export interface Notification {
  type: string;
  message: string;
  alert_id?: number;
  link_uri?: string | null;
}

export class LiveSocket {
  readonly messages: { at: number; event: string; data: Record<string, unknown> }[] = [];
  closed: { code: number; reason: string } | undefined;
  /** The instance that took the upgrade (X-Upstream). */
  upstream: number | undefined;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { event: string; data: Record<string, unknown> };
      this.messages.push({ at: Date.now(), ...m });
    });
    ws.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }));
    ws.on('error', () => undefined);
  }

  /** Opens a socket through nginx (pinned to one instance when `pin` is given) and authenticates it. */
  static async open(s: Session, pin?: number): Promise<LiveSocket> {
    const url = `${s.base.replace(/^http/, 'ws')}/api/v1/rtc/ws`;
    const ws = new WebSocket(url, { headers: pin === undefined ? {} : { 'x-topology-pin': String(pin) } });
    const socket = new LiveSocket(ws);
    ws.on('upgrade', (res) => (socket.upstream = upstreamPort(res.headers['x-upstream'])));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await until('the socket to say connected', 10_000, () => socket.messages.some((m) => m.event === 'client_connection'), 10);
    ws.send(JSON.stringify({ token: s.token }));
    await until(
      'the socket to be authenticated',
      10_000,
      () => {
        if (socket.closed) throw new Error(`socket closed ${socket.closed.code} ${socket.closed.reason}`);
        return socket.messages.some((m) => m.event === 'client_connection' && m.data.status === 'authenticated');
      },
      10,
    );
    return socket;
  }

  /** The first notification after `since` (ms epoch) that matches; waits up to `timeoutMs`. */
  async notification(what: string, match: (n: Notification) => boolean, since: number, timeoutMs = 15_000): Promise<{ at: number; data: Notification }> {
    return until(
      what,
      timeoutMs,
      () => {
        const m = this.messages.find((x) => x.at >= since && x.event === 'notification' && match(x.data as unknown as Notification));
        return m ? { at: m.at, data: m.data as unknown as Notification } : undefined;
      },
      5,
    );
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
  }
}
