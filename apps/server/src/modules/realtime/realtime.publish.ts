/**
 * Publishing live events: hub-independent helpers that put a delivery on the bus. Every instance's hub receives it
 * (the publisher's included) and sends it to its own sockets of the users concerned. Call them after commit.
 */
import type { TNotificationPayload, TWsServerMessage } from '@strata/shared';
import type { Bus } from '../../platform/bus.js';

export const REALTIME_CHANNEL = 'realtime';

/** What travels on the bus: a message and who gets it, or the new unread counts of some users. */
export type RealtimeDelivery =
  | { to: 'users'; user_ids: number[]; message: TWsServerMessage }
  /** Every user who can see the contract: the users assigned to it and every AppAdmin. */
  | { to: 'contract'; contract_id: number; message: TWsServerMessage }
  | { to: 'all'; message: TWsServerMessage }
  /** `[user_id, unread]` pairs: each user's sockets get `unread_count`. */
  | { to: 'unread'; counts: [number, number][] };

const notification = (data: TNotificationPayload): TWsServerMessage => ({ event: 'notification', data });

export async function publishToUsers(bus: Bus, userIds: readonly number[], payload: TNotificationPayload): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  await bus.publish<RealtimeDelivery>(REALTIME_CHANNEL, { to: 'users', user_ids: ids, message: notification(payload) });
}

export async function publishToContract(bus: Bus, contractId: number, payload: TNotificationPayload): Promise<void> {
  await bus.publish<RealtimeDelivery>(REALTIME_CHANNEL, { to: 'contract', contract_id: contractId, message: notification(payload) });
}

export async function publishToAll(bus: Bus, payload: TNotificationPayload): Promise<void> {
  await bus.publish<RealtimeDelivery>(REALTIME_CHANNEL, { to: 'all', message: notification(payload) });
}

export async function publishUnreadCounts(bus: Bus, counts: ReadonlyMap<number, number>): Promise<void> {
  if (counts.size === 0) return;
  await bus.publish<RealtimeDelivery>(REALTIME_CHANNEL, { to: 'unread', counts: [...counts.entries()] });
}

/** Tells every client to reload the configuration (after a system setting or master data changed). */
export async function publishSettingUpdated(bus: Bus, message = 'Configuration updated'): Promise<void> {
  await publishToAll(bus, { type: 'settingUpdated', message, severity: 1, link_uri: null });
}

/**
 * Tells these users' clients to sync again (their role, permissions or contracts changed). The hub also reloads
 * what it knows of them (user type, visible contracts) when it delivers this.
 */
export async function publishRequireSync(bus: Bus, userIds: readonly number[], message = 'Your access has changed'): Promise<void> {
  await publishToUsers(bus, userIds, { type: 'requireSync', message, severity: 1, link_uri: null });
}

/** New data on `topic`: to the users of the contract, or to everyone without one. Screens showing it offer a reload. */
export async function publishDataUpdated(bus: Bus, input: { topic: string; contractId?: number; message?: string }): Promise<void> {
  const payload: TNotificationPayload = {
    type: 'dataUpdated',
    topic: input.topic,
    message: input.message ?? 'New data available. Click to reload.',
    severity: 1,
    link_uri: null,
    ...(input.contractId === undefined ? {} : { contract_id: input.contractId }),
  };
  if (input.contractId === undefined) await publishToAll(bus, payload);
  else await publishToContract(bus, input.contractId, payload);
}
