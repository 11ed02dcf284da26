import { API_BASE, LIMITS, WS_EVENTS, WS_UNAUTHORIZED, type TNotificationPayload } from '@strata/shared';
import { createStore, useStore } from './create-store';
import { Emitter } from './events';

export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'authenticated' | 'closed' | 'unauthorized';

export interface LiveMessage {
  at: number;
  direction: 'in' | 'out' | 'state';
  text: string;
}

export interface LiveState {
  status: LiveStatus;
  unread: number;
  /** The latest messages (newest last), for the live event console. */
  log: LiveMessage[];
}

const LOG_SIZE = 200;
export const liveStore = createStore<LiveState>(() => ({ status: 'idle', unread: 0, log: [] }));

export function useLive<S>(selector: (state: LiveState) => S): S {
  return useStore(liveStore, selector);
}

export interface LiveEvents extends Record<string, unknown> {
  notification: TNotificationPayload;
}
export const liveEvents = new Emitter<LiveEvents>();

function record(direction: LiveMessage['direction'], text: string): void {
  liveStore.setState((s) => ({ log: [...s.log.slice(-(LOG_SIZE - 1)), { at: Date.now(), direction, text }] }));
}

/** `ws:` or `wss:` to match the page (spec §7). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${API_BASE}/rtc/ws`;
}

/** True when a close must not be followed by a reconnect: the server refused or ended the credentials. */
export function isUnauthorizedClose(code: number, reason: string): boolean {
  return code === WS_UNAUTHORIZED.code && reason === WS_UNAUTHORIZED.reason;
}

/**
 * The live connection (spec §4 "Live connection", §7): connects, sends the access token as the first message after
 * the server's `client_connection`, and reconnects 5 s after any close except 4401 `unauthorized`; an error closes
 * the socket (and so reconnects).
 */
export class LiveConnection {
  private socket: WebSocket | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly token: () => string | null,
    private readonly url: string = liveUrl(),
    private readonly reconnectMs: number = LIMITS.wsReconnectMs,
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    const s = this.socket;
    this.socket = undefined;
    if (s && s.readyState <= WebSocket.OPEN) s.close(1000, 'client stop');
    liveStore.setState({ status: 'idle' });
  }

  private open(): void {
    const token = this.token();
    if (!token || this.stopped) return;
    liveStore.setState({ status: 'connecting' });
    record('state', `connecting to ${this.url}`);
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onmessage = (e) => this.onMessage(socket, String(e.data));
    socket.onerror = () => {
      record('state', 'error: closing');
      socket.close();
    };
    socket.onclose = (e) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      record('state', `closed ${e.code} ${e.reason}`);
      if (isUnauthorizedClose(e.code, e.reason)) {
        liveStore.setState({ status: 'unauthorized' });
        return;
      }
      liveStore.setState({ status: 'closed' });
      if (!this.stopped) this.timer = setTimeout(() => this.open(), this.reconnectMs);
    };
  }

  private onMessage(socket: WebSocket, text: string): void {
    record('in', text);
    let message: { event?: string; data?: Record<string, unknown> };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.event === WS_EVENTS.clientConnection) {
      if (message.data?.status === 'connected') {
        liveStore.setState({ status: 'connected' });
        const token = this.token();
        if (token) {
          socket.send(JSON.stringify({ token }));
          record('out', '{"token":"…"}');
        }
      } else if (message.data?.status === 'authenticated') {
        liveStore.setState({ status: 'authenticated' });
      }
    } else if (message.event === WS_EVENTS.unreadCount && typeof message.data?.count === 'number') {
      liveStore.setState({ unread: message.data.count });
    } else if (message.event === WS_EVENTS.notification && message.data) {
      liveEvents.emit('notification', message.data as unknown as TNotificationPayload);
    }
  }
}
