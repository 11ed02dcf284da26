import { describe, expect, it } from 'vitest';
import type { HttpErrorEvent } from './events';
import { isDialogOpen, shouldShowHttpError } from './http-error-rules';

function event(status: number, body: unknown = 'Something failed', url = 'http://host/api/v1/thing'): HttpErrorEvent {
  return { status, message: typeof body === 'string' ? body : 'Request failed', body, method: 'GET', path: '/thing', url };
}

const screen = { dialogOpen: false, pathname: '/en/account/profile/info' };

describe('http-error alert rules', () => {
  it('shows 400 with a string body and 402 and above, except 404, 455 and 504', () => {
    const shown = [400, 401, 402, 403, 404, 409, 429, 455, 500, 503, 504].filter((status) => shouldShowHttpError(event(status), screen));
    expect(shown).toEqual([400, 402, 403, 409, 429, 500, 503]);
    expect(shouldShowHttpError(event(400, { name: 'field error' }), screen)).toBe(false);
  });

  it('stays quiet while a dialog is open', () => {
    expect(shouldShowHttpError(event(500), { ...screen, dialogOpen: true })).toBe(false);
  });

  it('ignores a 500 from the configured TBM address, not other statuses from it', () => {
    const tbm = { ...screen, tbmBaseUri: 'https://tbm.example/api' };
    expect(shouldShowHttpError(event(500, 'down', 'https://tbm.example/api/rings'), tbm)).toBe(false);
    expect(shouldShowHttpError(event(503, 'down', 'https://tbm.example/api/rings'), tbm)).toBe(true);
    expect(shouldShowHttpError(event(500, 'down', 'http://host/api/v1/rings'), tbm)).toBe(true);
  });

  it('leaves the login page to its own form alert', () => {
    expect(shouldShowHttpError(event(429), { ...screen, pathname: '/zh/account/login' })).toBe(false);
  });

  it('sees an open dialog in the page', () => {
    const root = document.createElement('div');
    expect(isDialogOpen(root)).toBe(false);
    root.innerHTML = '<div role="dialog"></div>';
    expect(isDialogOpen(root)).toBe(true);
  });
});
