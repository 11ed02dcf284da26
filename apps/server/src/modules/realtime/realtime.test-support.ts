import type { TWsServerMessage } from '@strata/shared';
import type { Session } from '../../testing/harness.js';
import { isEvent, TestSocket } from '../../testing/ws-client.js';

export const WS_PATH = '/api/v1/rtc/ws';
export const toWs = (address: string) => address.replace(/^http/, 'ws') + WS_PATH;
export const sentinel = (message: string) => ({ type: 'systemNotification' as const, message, severity: 1, link_uri: null });
export const isAuthenticated = (m: TWsServerMessage) => m.event === 'client_connection' && m.data.status === 'authenticated';

/** Opens a socket and authenticates with the access token as the first message. */
export async function connect(base: string, s: Session): Promise<TestSocket> {
  const socket = await TestSocket.open(base);
  await socket.next(isEvent('client_connection'));
  socket.send({ token: s.token });
  await socket.next(isAuthenticated);
  return socket;
}
