import { CSRF_HEADER, STORAGE_KEYS } from '@strata/shared';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storeTestCredential } from '../test/fixtures';
import { api, server } from '../test/server';
import { ApiError, apiRequest } from './api-client';
import { appEvents, type HttpErrorEvent } from './events';
import { setNavigator } from './navigation';
import { systemStore } from './system-store';

function fakeNavigator(currentPath: string) {
  const navigate = vi.fn();
  setNavigator({ navigate, currentPath: () => currentPath });
  return navigate;
}

function recordHttpErrors() {
  const events: HttpErrorEvent[] = [];
  const stop = appEvents.on('http-error', (event) => events.push(event));
  return { events, stop };
}

describe('api client', () => {
  it('sends the bearer token of the stored credential', async () => {
    storeTestCredential('token-abc');
    let authorization: string | null = null;
    server.use(
      http.get(api('/thing'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(apiRequest('/thing')).resolves.toEqual({ ok: true });
    expect(authorization).toBe('Bearer token-abc');
  });

  it('sends no authorization header when signed out', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get(api('/info-like'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({});
      }),
    );
    await apiRequest('/info-like');
    expect(authorization).toBeNull();
  });

  it('sends the latest x-csrf-token on POST but not on GET', async () => {
    storeTestCredential();
    const seen: { method: string; csrf: string | null }[] = [];
    let issued = 0;
    server.use(
      http.all(api('/echo'), ({ request }) => {
        seen.push({ method: request.method, csrf: request.headers.get(CSRF_HEADER) });
        issued += 1;
        return HttpResponse.json({}, { headers: { [CSRF_HEADER]: `csrf-${issued}` } });
      }),
    );
    await apiRequest('/echo');
    await apiRequest('/echo', { method: 'POST', json: { a: 1 } });
    await apiRequest('/echo');
    await apiRequest('/echo', { method: 'DELETE' });
    expect(seen).toEqual([
      { method: 'GET', csrf: null },
      { method: 'POST', csrf: 'csrf-1' },
      { method: 'GET', csrf: null },
      { method: 'DELETE', csrf: 'csrf-3' },
    ]);
  });

  it('sends JSON bodies as JSON and forms form-encoded without empty fields', async () => {
    const bodies: { type: string | null; text: string }[] = [];
    server.use(
      http.post(api('/body'), async ({ request }) => {
        bodies.push({ type: request.headers.get('content-type'), text: await request.text() });
        return HttpResponse.json({});
      }),
    );
    await apiRequest('/body', { method: 'POST', json: { url: '/en/x' } });
    await apiRequest('/body', { method: 'POST', form: { username: 'bob', password: '', other: undefined } });
    expect(bodies).toEqual([
      { type: 'application/json', text: '{"url":"/en/x"}' },
      { type: 'application/x-www-form-urlencoded', text: 'username=bob' },
    ]);
  });

  it('ends the session on a 401 while signed in and goes to login with the page to return to', async () => {
    storeTestCredential();
    localStorage.setItem('idle_start', '123');
    const navigate = fakeNavigator('/en/admin/users?page-num=2');
    server.use(http.get(api('/sync'), () => HttpResponse.json('Authentication required', { status: 401 })));

    const error = await apiRequest('/sync').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(localStorage.length).toBe(0);
    expect(systemStore.getState().authenticated).toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
    const [to, options] = navigate.mock.calls[0]!;
    const url = new URL(to as string, 'http://host');
    expect(url.pathname).toBe('/en/account/login');
    expect(url.searchParams.get('redirect')).toBe('/en/admin/users?page-num=2');
    expect(options).toEqual({ replace: true });
  });

  it('keeps the redirect path when the 401 comes while already on login', async () => {
    storeTestCredential();
    const navigate = fakeNavigator('/zh/account/login?redirect=/zh/admin/roles');
    server.use(http.get(api('/sync'), () => HttpResponse.json('Authentication required', { status: 401 })));
    await apiRequest('/sync').catch(() => undefined);
    expect(navigate).toHaveBeenCalledWith('/zh/account/login?redirect=/zh/admin/roles', { replace: true });
  });

  it('leaves the session alone on a 401 when not signed in', async () => {
    localStorage.setItem('unrelated', 'kept');
    const navigate = fakeNavigator('/en/account/login');
    server.use(http.post(api('/auth'), () => HttpResponse.json('Invalid login name or password', { status: 401 })));
    const error = await apiRequest('/auth', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'Invalid login name or password' });
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('marks the connection lost when there is no response, until a request succeeds', async () => {
    // later server.use() handlers come first: the failure once, then answers
    server.use(http.get(api('/ping'), () => HttpResponse.json({ pong: true })));
    server.use(http.get(api('/ping'), () => HttpResponse.error(), { once: true }));
    const error = await apiRequest('/ping').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect(systemStore.getState().connected).toBe(false);
    await apiRequest('/ping');
    expect(systemStore.getState().connected).toBe(true);
  });

  it('gives 429 the rate-limit message', async () => {
    server.use(http.get(api('/busy'), () => new HttpResponse('slow down', { status: 429 })));
    await expect(apiRequest('/busy')).rejects.toMatchObject({
      status: 429,
      message: 'Rate limit exceeded. Please try again later.',
    });
  });

  it('types error bodies: a string is the message, an object the field errors', async () => {
    server.use(
      http.post(api('/form'), () => HttpResponse.json({ userName: 'User name is required' }, { status: 400 })),
      http.post(api('/general'), () => HttpResponse.json('Bad thing', { status: 400 })),
    );
    const fieldError = (await apiRequest('/form', { method: 'POST' }).catch((e: unknown) => e)) as ApiError;
    expect(fieldError.fieldErrors).toEqual({ userName: 'User name is required' });
    const general = (await apiRequest('/general', { method: 'POST' }).catch((e: unknown) => e)) as ApiError;
    expect(general.fieldErrors).toBeUndefined();
    expect(general.message).toBe('Bad thing');
  });

  it('emits http-error for 400 with a string body and for 402 and above, except 404, 455 and 504', async () => {
    const { events, stop } = recordHttpErrors();
    const statuses = [400, 403, 404, 409, 429, 455, 500, 503, 504];
    server.use(
      http.get(api('/status/:code'), ({ params }) => HttpResponse.json(`failed ${String(params.code)}`, { status: Number(params.code) })),
      http.get(api('/fields'), () => HttpResponse.json({ name: 'bad' }, { status: 400 })),
    );
    for (const status of statuses) await apiRequest(`/status/${status}`).catch(() => undefined);
    await apiRequest('/fields').catch(() => undefined);
    stop();
    expect(events.map((event) => event.status)).toEqual([400, 403, 409, 429, 500, 503]);
    expect(events[0]).toMatchObject({ message: 'failed 400', method: 'GET', path: '/status/400' });
    expect(events[3]?.message).toBe('Rate limit exceeded. Please try again later.');
  });

  it('validates a success body with the schema it is given', async () => {
    server.use(http.get(api('/typed'), () => HttpResponse.json({ n: 'not a number' })));
    const schema = {
      parse: (data: unknown) => {
        if (typeof (data as { n?: unknown }).n !== 'number') throw new Error('invalid');
        return data as { n: number };
      },
    };
    await expect(apiRequest('/typed', { schema })).rejects.toThrow('invalid');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
