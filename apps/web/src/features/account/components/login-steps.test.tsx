import { MESSAGES, STORAGE_KEYS, ZTfaCodeRequest } from '@strata/shared';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { loginResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';

interface Seen {
  authorization: string | null;
  csrf: string | null;
  body: unknown;
}

/** /auth answers a session that needs a further step; the step's calls are recorded. */
function onSteppedAuth(overrides: Parameters<typeof loginResponse>[0]) {
  const seen: Seen[] = [];
  const record = async (request: Request) => {
    seen.push({
      authorization: request.headers.get('authorization'),
      csrf: request.headers.get('x-csrf-token'),
      body: await request.json(),
    });
  };
  server.use(
    http.post(api('/auth'), () => HttpResponse.json(loginResponse({ access_token: 'pending-1', ...overrides }), { headers: { 'x-csrf-token': 'csrf-auth' } })),
    http.post(api('/auth/tfa'), async ({ request }) => {
      await record(request);
      const { code } = seen.at(-1)!.body as { code: string };
      if (code === '000000') return HttpResponse.json({ code: MESSAGES.tfaCodeInvalid }, { status: 400 });
      if (code === '999999') return HttpResponse.json(MESSAGES.unauthorized, { status: 401 });
      return HttpResponse.json({ ok: true });
    }),
    http.post(api('/account/change-password'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ok: true });
    }),
  );
  return seen;
}

async function signInAs(path = '/en/account/login?redirect=/en/account/profile/info') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'User Login' }, { timeout: 5000 });
  await app.user.type(screen.getByLabelText('Your Login Name'), 'alice.tan');
  await app.user.type(screen.getByLabelText('Your Password'), 'pw{Enter}');
  return app;
}

describe('sign-in with two-factor authentication', { timeout: 20_000 }, () => {
  it('asks for the code, sends it with the new session, and only then keeps the credential', async () => {
    const seen = onSteppedAuth({ tfa_enabled: true });
    const { user, location } = await signInAs();
    await screen.findByRole('heading', { name: 'Two-factor authentication' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await user.type(await screen.findByLabelText('Code'), ' 123456 {Enter}');
    await waitFor(() => expect(location()).toBe('/en/account/profile/info'));
    expect(seen).toEqual([{ authorization: 'Bearer pending-1', csrf: 'csrf-auth', body: { code: '123456' } }]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('pending-1');
    expect(await screen.findByText('Alice Tan', { selector: 'dd' })).toBeInTheDocument();
  });

  it('shows a wrong code under the field and lets the person try again', async () => {
    onSteppedAuth({ tfa_enabled: true });
    const { user, location } = await signInAs();
    await user.type(await screen.findByLabelText('Code'), '000000{Enter}');
    expect(await screen.findByText('The code is not valid')).toBeInTheDocument();
    expect(location()).toMatch(/^\/en\/account\/login/);
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), 'abcde-fghij{Enter}');
    await waitFor(() => expect(location()).toBe('/en/account/profile/info'));
  });

  it('says an empty code is required, and takes no more characters than the API (the shared limit)', async () => {
    const seen = onSteppedAuth({ tfa_enabled: true });
    const { user } = await signInAs();
    const code = await screen.findByLabelText('Code');
    expect(code).toHaveAttribute('maxlength', String(ZTfaCodeRequest.shape.code.maxLength));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('starts again from the credentials when the step took too long (the pending session expired)', async () => {
    onSteppedAuth({ tfa_enabled: true });
    const { user } = await signInAs();
    await user.type(await screen.findByLabelText('Code'), '999999{Enter}');
    expect(await screen.findByText('The sign-in took too long. Please sign in again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'User Login' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('goes back to the credentials with Back', async () => {
    onSteppedAuth({ tfa_enabled: true });
    const { user } = await signInAs();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'User Login' })).toBeInTheDocument();
  });
});

describe('sign-in with an expired password', { timeout: 20_000 }, () => {
  it('requires a new password (rules explained) before going on, then continues signed in', async () => {
    const seen = onSteppedAuth({ password_expired: true });
    const { user, location } = await signInAs();
    expect(await screen.findByText('Your password has expired. Please change it to continue.')).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Current Password'), 'old-password');
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password and continue' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(seen).toHaveLength(0);

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'a new long passphrase');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'a new long passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password and continue' }));
    await waitFor(() => expect(location()).toBe('/en/account/profile/info'));
    expect(seen).toEqual([
      {
        authorization: 'Bearer pending-1',
        csrf: 'csrf-auth',
        body: { current_password: 'old-password', new_password: 'a new long passphrase' },
      },
    ]);
  });

  it('passes two-factor first, then the password change', async () => {
    const seen = onSteppedAuth({ tfa_enabled: true, password_expired: true });
    const { user } = await signInAs();
    await user.type(await screen.findByLabelText('Code'), '123456{Enter}');
    expect(await screen.findByText('Your password has expired. Please change it to continue.')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('login notices', { timeout: 20_000 }, () => {
  it('says the password was set and fills the login name', async () => {
    const { router } = renderApp('/en/account/login');
    await screen.findByRole('heading', { name: 'User Login' }, { timeout: 5000 });
    await router.navigate('/en/account/login', { state: { notice: 'passwordSet', loginName: 'new.user' } });
    expect(await screen.findByText('Your password is set. Sign in with your login name and the new password.')).toBeInTheDocument();
    expect((screen.getByLabelText('Your Login Name') as HTMLInputElement).value).toBe('new.user');
  });
});
