import type { Actor } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { permissionCodesOfRole } from '../users/users.service.js';
import { reportCreator } from './reports.repository.js';

/**
 * A user as an Actor as they are now (type, role's permissions), for work done on their behalf without a request: a
 * report made by a job for its creator, a scheduled report for its owner. Undefined when not an active user.
 */
export async function userActor(db: Executor, userId: number): Promise<Actor | undefined> {
  const user = await reportCreator(db, userId);
  if (!user || user.status !== 'active') return undefined;
  const permissions: ReadonlySet<string> = new Set(await permissionCodesOfRole(db, user.roleId));
  return { ...user, permissions, sessionId: 0, csrfToken: '', via: 'access', verified: true, passwordExpired: false, clientAddress: '' };
}
