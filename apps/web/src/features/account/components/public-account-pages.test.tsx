import { MESSAGES, PASSWORD_DEFAULT_MIN_LENGTH, PASSWORD_MAX_LENGTH, ZRegisterRequest } from '@strata/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';

const NOT_SIGNED_IN = () => HttpResponse.json(MESSAGES.unauthorized, { status: 401 });

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('registration', { timeout: 20_000 }, () => {
  function onRegister(respond: () => Response = () => HttpResponse.json({ status: 'pending', message: MESSAGES.registered })) {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/account/register'), async ({ request }) => {
        bodies.push(await request.json());
        return respond();
      }),
    );
    return bodies;
  }

  it('sends the request and says what happens next', async () => {
    server.use(http.get(api('/account/register/contractors'), NOT_SIGNED_IN));
    const bodies = onRegister();
    const { user } = renderApp('/en/account/register');
    await screen.findByRole('heading', { level: 1, name: 'Registration' }, { timeout: 5000 });
    fill('Login Name', 'New.User');
    fill('Full Name', 'New User');
    fill('E-mail', 'new.user@example.com');
    fill('Note', 'Site engineer, contract T301');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Request sent' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.registered)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(screen.getByText('An administrator reviews your request.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        login_name: 'new.user',
        fullname: 'New User',
        email: 'new.user@example.com',
        user_type: 0,
        contractor_id: null,
        note: 'Site engineer, contract T301',
      },
    ]);
  });

  it('explains the rules before sending, and shows the server refusals under the fields', async () => {
    server.use(http.get(api('/account/register/contractors'), NOT_SIGNED_IN));
    const bodies = onRegister(() => HttpResponse.json({ login_name: MESSAGES.loginNameTaken, email: MESSAGES.emailTaken }, { status: 400 }));
    const { user } = renderApp('/en/account/register');
    await screen.findByRole('heading', { level: 1, name: 'Registration' }, { timeout: 5000 });
    fill('Login Name', 'a b');
    fill('E-mail', 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Login name may contain only letters, digits, dot, underscore and hyphen')).toBeInTheDocument();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    fill('Login Name', 'taken');
    fill('Full Name', 'Someone');
    fill('E-mail', 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('This login name is already taken')).toBeInTheDocument();
    expect(screen.getByText('This e-mail address is already registered')).toBeInTheDocument();
  });

  it('refuses a login name, a full name and a note over the shared limits, saying each limit', async () => {
    server.use(http.get(api('/account/register/contractors'), NOT_SIGNED_IN));
    const bodies = onRegister();
    const { user } = renderApp('/en/account/register');
    await screen.findByRole('heading', { level: 1, name: 'Registration' }, { timeout: 5000 });
    const fields = ZRegisterRequest.shape;
    const limits = { login: fields.login_name.maxLength!, name: fields.fullname.maxLength!, note: fields.note.unwrap().unwrap().maxLength! };
    fill('Login Name', 'a'.repeat(limits.login + 1));
    fill('Full Name', 'n'.repeat(limits.name + 1));
    fill('E-mail', 'new.user@example.com');
    fill('Note', 'x'.repeat(limits.note + 1));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(`Must be at most ${limits.login} characters`)).toBeInTheDocument();
    expect(screen.getByText(`Must be at most ${limits.name} characters`)).toBeInTheDocument();
    expect(screen.getByText(`Must be at most ${limits.note} characters`)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it("says the login name's rule and the server's refusals in Chinese", async () => {
    server.use(http.get(api('/account/register/contractors'), NOT_SIGNED_IN));
    onRegister(() => HttpResponse.json({ login_name: MESSAGES.loginNameTaken, email: MESSAGES.emailTaken }, { status: 400 }));
    const { user } = renderApp('/zh/account/register');
    await screen.findByRole('heading', { level: 1, name: '注册' }, { timeout: 5000 });
    fill('登录名', 'a b');
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('登录名只能包含字母、数字、点、下划线和连字符')).toBeInTheDocument();
    fill('登录名', 'taken');
    fill('姓名', 'Someone');
    fill('电子邮箱', 'taken@example.com');
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('该登录名已被使用')).toBeInTheDocument();
  });

  it('offers Authority only while no contractor list is available, saying how Contractor accounts are made', async () => {
    server.use(http.get(api('/account/register/contractors'), NOT_SIGNED_IN));
    const { user } = renderApp('/en/account/register');
    await screen.findByRole('heading', { level: 1, name: 'Registration' }, { timeout: 5000 });
    expect(await screen.findByText(/Contractor accounts are created by an administrator/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'User Type' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Authority']);
  });

  it('asks for the contractor of a Contractor user when the list is available', async () => {
    server.use(
      http.get(api('/account/register/contractors'), () =>
        HttpResponse.json({ records: [{ contractor_id: 4, name: 'Tunnel Works Pte Ltd' }], total_records: 1 }),
      ),
    );
    const bodies = onRegister();
    const { user } = renderApp('/en/account/register');
    await screen.findByRole('heading', { level: 1, name: 'Registration' }, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByText(/Contractor accounts are created/)).toBeNull());
    fill('Login Name', 'cw.lee');
    fill('Full Name', 'Lee Chong Wei');
    fill('E-mail', 'cw.lee@example.com');
    await user.click(screen.getByRole('combobox', { name: 'User Type' }));
    await user.click(screen.getByRole('option', { name: 'Contractor' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Contractor is required for a Contractor user')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Contractor' }));
    await user.click(screen.getByRole('option', { name: 'Tunnel Works Pte Ltd' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByRole('heading', { level: 1, name: 'Request sent' }, { timeout: 5000 });
    expect(bodies).toMatchObject([{ user_type: 1, contractor_id: 4 }]);
  });
});

describe('activation', { timeout: 20_000 }, () => {
  it('activates once and continues to the password set-up with the setup token', async () => {
    const tokens: string[] = [];
    server.use(
      http.post(api('/account/activate'), async ({ request }) => {
        tokens.push(((await request.json()) as { token: string }).token);
        return HttpResponse.json({ setup_token: 'setup/1', login_name: 'new.user', expires_at: '2026-01-02T00:00:00Z' });
      }),
    );
    const { location } = renderApp('/en/activation?token=act-1');
    await waitFor(() => expect(location()).toBe('/en/setup-password?token=setup%2F1'));
    expect(await screen.findByText('Your account new.user is active. Choose your password.')).toBeInTheDocument();
    expect(tokens).toEqual(['act-1']);
  });

  it('says a used or expired link no longer works and offers "Forgot Password ?"', async () => {
    server.use(http.post(api('/account/activate'), () => HttpResponse.json(MESSAGES.invalidLink, { status: 400 })));
    renderApp('/en/activation?token=used');
    expect(await screen.findByText(MESSAGES.invalidLink)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password ?' }).getAttribute('href')).toBe('/en/account/reset-password');
  });

  it('says so at once when the link has no token', async () => {
    renderApp('/en/activation');
    expect(await screen.findByText(MESSAGES.invalidLink)).toBeInTheDocument();
  });
});

describe('password set-up and reset', { timeout: 20_000 }, () => {
  it('explains the rules, then sets the password and goes to login with a message', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/account/setup-password'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ok: true, login_name: 'new.user' });
      }),
    );
    const { user, location } = renderApp('/en/setup-password?token=setup-1');
    await screen.findByRole('heading', { level: 1, name: 'Password Setup' }, { timeout: 5000 });
    expect(screen.getByText(/At least 8 characters/)).toBeInTheDocument();
    fill('New Password', 'long enough password');
    fill('Confirm New Password', 'long enough passw0rd');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    fill('Confirm New Password', 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(location()).toBe('/en/account/login'));
    expect(await screen.findByText('Your password is set. Sign in with your login name and the new password.')).toBeInTheDocument();
    expect((screen.getByLabelText('Your Login Name') as HTMLInputElement).value).toBe('new.user');
    expect(bodies).toEqual([{ token: 'setup-1', password: 'long enough password' }]);
  });

  it('shows the server refusal of a common password in words, and keeps the form', async () => {
    server.use(
      http.post(api('/account/reset-password'), () => HttpResponse.json({ password: 'This password is too common; choose another' }, { status: 400 })),
    );
    const { user } = renderApp('/en/reset-password?token=reset-1');
    await screen.findByRole('heading', { level: 1, name: 'Confirm Password Reset' }, { timeout: 5000 });
    fill('New Password', 'password123');
    fill('Confirm New Password', 'password123');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('This password is too common; choose another')).toBeInTheDocument();
  });

  it("refuses a password over the shared policy's longest, saying the limit", async () => {
    const { user } = renderApp('/en/reset-password?token=reset-1');
    await screen.findByRole('heading', { level: 1, name: 'Confirm Password Reset' }, { timeout: 5000 });
    fill('New Password', 'p'.repeat(PASSWORD_MAX_LENGTH + 1));
    fill('Confirm New Password', 'p'.repeat(PASSWORD_MAX_LENGTH + 1));
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(`Password must be at most ${PASSWORD_MAX_LENGTH} characters`)).toBeInTheDocument();
  });

  it("says the policy's shortest and the server's refusal of a common password in Chinese", async () => {
    server.use(http.post(api('/account/reset-password'), () => HttpResponse.json({ password: MESSAGES.passwordTooCommon }, { status: 400 })));
    const { user } = renderApp('/zh/reset-password?token=reset-1');
    await screen.findByRole('heading', { level: 1, name: '确认重置密码' }, { timeout: 5000 });
    fill('新密码', 'short');
    fill('确认新密码', 'short');
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText(`密码至少需要 ${PASSWORD_DEFAULT_MIN_LENGTH} 个字符`)).toBeInTheDocument();
    fill('新密码', 'password123');
    fill('确认新密码', 'password123');
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('该密码过于常见，请另选一个')).toBeInTheDocument();
  });

  it('resets the password and goes to login; an invalid link offers "Forgot Password ?"', async () => {
    let valid = true;
    server.use(
      http.post(api('/account/reset-password'), () =>
        valid ? HttpResponse.json({ ok: true, login_name: 'alice.tan' }) : HttpResponse.json(MESSAGES.invalidLink, { status: 400 }),
      ),
    );
    const first = renderApp('/en/reset-password?token=reset-1');
    await screen.findByRole('heading', { level: 1, name: 'Confirm Password Reset' }, { timeout: 5000 });
    fill('New Password', 'a brand new passphrase');
    fill('Confirm New Password', 'a brand new passphrase');
    await first.user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been reset. Sign in with the new password.')).toBeInTheDocument();
    first.unmount();

    valid = false;
    const second = renderApp('/en/reset-password?token=reset-1');
    await screen.findByRole('heading', { level: 1, name: 'Confirm Password Reset' }, { timeout: 5000 });
    fill('New Password', 'a brand new passphrase');
    fill('Confirm New Password', 'a brand new passphrase');
    await second.user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.invalidLink)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password ?' })).toBeInTheDocument();
  });
});

describe('forgot password', { timeout: 20_000 }, () => {
  it('asks for a login name or e-mail and answers the same way whatever it is', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/account/forgot-password'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ok: true, message: MESSAGES.forgotPasswordSent });
      }),
    );
    const { user } = renderApp('/en/account/reset-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    fill('Login name or e-mail', ' someone@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(MESSAGES.forgotPasswordSent)).toBeInTheDocument();
    expect(bodies).toEqual([{ login: 'someone@example.com' }]);
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/en/account/login');
  });

  it('is reached from the login page', async () => {
    const { user, location } = renderApp('/en/account/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot Password ?' }));
    await waitFor(() => expect(location()).toBe('/en/account/reset-password'));
  });
});
