import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isUnauthorizedClose, LiveConnection, liveEvents, liveStore, liveUrl } from './live-connection';

/** A WebSocket stand-in the test drives: the server side is the test. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  serverSays(event: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ event, data }) });
  }
}

describe('the live connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    liveStore.reset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('uses ws or wss to match the page', () => {
    expect(liveUrl({ protocol: 'http:', host: 'a:8080' })).toBe('ws://a:8080/api/v1/rtc/ws');
    expect(liveUrl({ protocol: 'https:', host: 'b' })).toBe('wss://b/api/v1/rtc/ws');
  });

  it('sends the access token as the first message after client_connection, then follows the unread count', () => {
    const c = new LiveConnection(() => 'tok-1', 'ws://x/api/v1/rtc/ws');
    c.start();
    const s = FakeSocket.instances[0]!;
    expect(s.sent).toEqual([]);
    s.serverSays('client_connection', { status: 'connected', connection_id: 'c1' });
    expect(s.sent).toEqual([JSON.stringify({ token: 'tok-1' })]);
    s.serverSays('client_connection', { status: 'authenticated', connection_id: 'c1', user_id: 1 });
    expect(liveStore.getState().status).toBe('authenticated');
    s.serverSays('unread_count', { count: 4 });
    expect(liveStore.getState().unread).toBe(4);
    c.stop();
  });

  it('passes notification events on', () => {
    const seen: unknown[] = [];
    const off = liveEvents.on('notification', (n) => seen.push(n));
    const c = new LiveConnection(() => 't', 'ws://x');
    c.start();
    const payload = { type: 'systemNotification', message: 'Hello', severity: 2, link_uri: null };
    FakeSocket.instances[0]!.serverSays('notification', payload);
    expect(seen).toEqual([payload]);
    off();
    c.stop();
  });

  it('reconnects 5 s after an ordinary close', () => {
    const c = new LiveConnection(() => 't', 'ws://x');
    c.start();
    FakeSocket.instances[0]!.close(1006, '');
    expect(liveStore.getState().status).toBe('closed');
    vi.advanceTimersByTime(4999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    c.stop();
  });

  it('does not reconnect after 4401 unauthorized', () => {
    const c = new LiveConnection(() => 't', 'ws://x');
    c.start();
    FakeSocket.instances[0]!.close(4401, 'unauthorized');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(liveStore.getState().status).toBe('unauthorized');
    expect(isUnauthorizedClose(4401, 'other')).toBe(false);
  });

  it('closes the socket on an error, and so reconnects', () => {
    const c = new LiveConnection(() => 't', 'ws://x');
    c.start();
    FakeSocket.instances[0]!.onerror?.();
    expect(FakeSocket.instances[0]!.readyState).toBe(3);
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.instances).toHaveLength(2);
    c.stop();
  });

  it('does not connect without a token and stops reconnecting when stopped', () => {
    const none = new LiveConnection(() => null, 'ws://x');
    none.start();
    expect(FakeSocket.instances).toHaveLength(0);
    const c = new LiveConnection(() => 't', 'ws://x');
    c.start();
    c.stop();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
