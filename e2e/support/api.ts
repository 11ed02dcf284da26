import { expect } from '@playwright/test';
import { baseUrl } from './browser.js';

/** A session opened through the API, as a script would: the bearer and the CSRF token /auth answered. */
export interface ApiSession {
  base: string;
  token: string;
  csrf: string;
}

/** POST /api/v1/auth (form-encoded), as the given user. */
export async function apiSignIn(login: string, password: string, base: string = baseUrl()): Promise<ApiSession> {
  const res = await fetch(`${base}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: login, password }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string };
  return { base, token: body.access_token, csrf: res.headers.get('x-csrf-token') ?? '' };
}

/** One API call with the session's bearer (and CSRF token on unsafe methods); answers the parsed body. */
export async function apiCall<T>(session: ApiSession, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${session.token}`, accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = session.csrf;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${session.base}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** The newest mail to `to` whose subject ends with `subject` and that is newer than `after` (mail lands in the outbox). */
export async function waitForMail(session: ApiSession, to: string, subject: string, after = 0): Promise<OutboxMail> {
  let mail: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const list = await apiCall<{ records: OutboxMail[] }>(session, 'GET', `/admin/outbox?to=${encodeURIComponent(to)}&limit=50`);
        mail = list.records.find((m) => m.subject.endsWith(subject) && m.id > after);
        return mail !== undefined;
      },
      { timeout: 15_000, message: `mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return mail!;
}

/** The link of a mail to a page (`activation`, `reset-password`), as the person would click it. */
export function mailLink(mail: OutboxMail, page: string): string {
  const match = new RegExp(`https?://\\S+?/en/${page}\\?token=[A-Za-z0-9_%.~-]+`).exec(mail.text);
  if (!match) throw new Error(`no /${page} link in: ${mail.text}`);
  return match[0];
}
