import { MESSAGES, STORAGE_KEYS } from '@strata/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/auth-store';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('profile information', { timeout: 20_000 }, () => {
  it('edits the full name and description; login name and user type stay read-only', async () => {
    storeTestCredential();
    const bodies: unknown[] = [];
    server.use(
      http.put(api('/account/profile'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderApp('/en/account/profile/info');
    await screen.findByText('Alice Tan', { selector: 'dd' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByLabelText('Login Name')).toBeNull();
    fill('Full Name', '  Alice Tan Mei Ling ');
    fill('Description', 'Geotechnical engineer, North line');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Alice Tan Mei Ling', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Geotechnical engineer, North line', { selector: 'dd' })).toBeInTheDocument();
    expect(bodies).toEqual([{ fullname: 'Alice Tan Mei Ling', description: 'Geotechnical engineer, North line' }]);
    expect(sessionStore.getState().profile?.fullname).toBe('Alice Tan Mei Ling');
  });

  it('refuses unsafe text and an empty name before sending', async () => {
    storeTestCredential();
    const { user } = renderApp('/en/account/profile/info');
    await screen.findByText('Alice Tan', { selector: 'dd' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    fill('Full Name', '');
    fill('Description', '<img src=x onerror=alert(1)>');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('input contains malicious character')).toBeInTheDocument();
  });

  it('previews a chosen picture, uploads it, and shows the stored one with the resource token', async () => {
    storeTestCredential();
    let received: FormData | null = null;
    server.use(
      http.post(api('/account/profile/picture'), async ({ request }) => {
        received = await request.formData();
        return HttpResponse.json({ pic_uri: '/api/v1/account/picture/7' });
      }),
    );
    const { user } = renderApp('/en/account/profile/info');
    await screen.findByText('Alice Tan', { selector: 'dd' }, { timeout: 5000 });
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choose picture', { selector: 'input' }), picture);
    expect(await screen.findByText('Preview: the picture is not saved until you upload it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Your picture has been saved.')).toBeInTheDocument();
    expect((received as FormData | null)?.getAll('files')).toHaveLength(1);
    const image = screen.getByRole('img', { name: 'Alice Tan' });
    expect(image.getAttribute('src')).toMatch(/^\/api\/v1\/account\/picture\/7\?_token=resource-1&v=\d+$/);
  });

  it('refuses a picture over 2 MB without sending it', async () => {
    storeTestCredential();
    const { user } = renderApp('/en/account/profile/info');
    await screen.findByText('Alice Tan', { selector: 'dd' }, { timeout: 5000 });
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Choose picture', { selector: 'input' }), big);
    expect(await screen.findByText(MESSAGES.imageTooLarge)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });
});

describe('security: two-factor authentication', { timeout: 20_000 }, () => {
  const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

  it('enrols: QR code and secret, a code confirms it, the recovery codes show once', async () => {
    storeTestCredential();
    const confirmed: unknown[] = [];
    server.use(
      http.post(api('/account/tfa/enroll'), () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/Strata:alice.tan?secret=JBSWY3DPEHPK3PXP',
          qr_data_url: 'data:image/png;base64,iVBORw0KGgo=',
        }),
      ),
      http.post(api('/account/tfa/confirm'), async ({ request }) => {
        const body = (await request.json()) as { code: string };
        confirmed.push(body);
        if (body.code !== '123456') return HttpResponse.json({ code: MESSAGES.tfaCodeInvalid }, { status: 400 });
        return HttpResponse.json({ recovery_codes: CODES });
      }),
    );
    const { user } = renderApp('/en/account/profile/security');
    expect(await screen.findByText('Two-factor authentication is off.', undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    const qr = await screen.findByRole('img', { name: 'QR code to add this account to an authenticator app' }, { timeout: 5000 });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect((screen.getByLabelText('Secret key') as HTMLInputElement).value).toBe('JBSWY3DPEHPK3PXP');
    fill('Code', '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code is not valid')).toBeInTheDocument();
    fill('Code', '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(sessionStore.getState().profile?.tfa_enabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'I have saved these codes' }));
    expect(await screen.findByText(/Two-factor authentication is on: signing in asks/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('turns two-factor off with the password', async () => {
    storeTestCredential();
    const base = syncResponse();
    const bodies: unknown[] = [];
    let enabled = true;
    server.use(
      http.get(api('/sync'), () => HttpResponse.json({ ...base, profile: { ...base.profile, tfa_enabled: true } })),
      http.get(api('/account/tfa'), () => HttpResponse.json({ tfa_config: false, tfa: enabled })),
      http.post(api('/account/tfa/disable'), async ({ request }) => {
        bodies.push(await request.json());
        enabled = false;
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderApp('/en/account/profile/security');
    await screen.findByText(/Two-factor authentication is on: signing in asks/, undefined, { timeout: 5000 });
    fill('Your Password', 'my password');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor authentication is off.', { selector: 'p' })).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'my password' }]);
  });

  it('keeps a user who must enrol on the security page', async () => {
    storeTestCredential();
    server.use(
      http.get(api('/sync'), () => HttpResponse.json(syncResponse({ tfa_config: true }))),
      http.get(api('/account/tfa'), () => HttpResponse.json({ tfa_config: true, tfa: false })),
    );
    const { location, router } = renderApp('/en/account/profile/info');
    await waitFor(() => expect(location()).toBe('/en/account/profile/security'));
    expect(await screen.findByText(/Your organisation requires two-factor authentication/)).toBeInTheDocument();
    await router.navigate('/en/account/notification');
    await waitFor(() => expect(location()).toBe('/en/account/profile/security'));
  });

  it('asks the server when sync says two-factor is neither required nor on, and follows its answer', async () => {
    storeTestCredential();
    server.use(http.get(api('/account/tfa'), () => HttpResponse.json({ tfa_config: true, tfa: false })));
    const { location } = renderApp('/en/account/profile/info');
    await waitFor(() => expect(location()).toBe('/en/account/profile/security'));
  });
});

function onPasswordChange() {
  const bodies: unknown[] = [];
  server.use(
    http.post(api('/account/change-password'), async ({ request }) => {
      const body = (await request.json()) as { current_password: string };
      bodies.push(body);
      if (body.current_password === 'wrong') {
        return HttpResponse.json({ current_password: MESSAGES.currentPasswordWrong }, { status: 400 });
      }
      return HttpResponse.json({ ok: true });
    }),
  );
  return bodies;
}

describe('change password', { timeout: 20_000 }, () => {
  const onChange = onPasswordChange;

  it('from the security page: rules explained, then signed out to login with a message', async () => {
    storeTestCredential();
    const bodies = onChange();
    const { user, location } = renderApp('/en/account/profile/security');
    await screen.findByText('Two-factor authentication is off.', undefined, { timeout: 5000 });
    fill('Current Password', 'old password');
    fill('New Password', 'alice.tan-2026!');
    fill('Confirm New Password', 'alice.tan-2026!');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Password must not contain your login name')).toBeInTheDocument();
    fill('New Password', 'old password');
    fill('Confirm New Password', 'old password');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('New password must be different from the current one')).toBeInTheDocument();
    fill('Current Password', 'wrong');
    fill('New Password', 'a fresh passphrase');
    fill('Confirm New Password', 'a fresh passphrase');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    fill('Current Password', 'old password');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(location()).toBe('/en/account/login'));
    expect(await screen.findByText('Your password has been changed. Sign in again with the new password.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(bodies).toHaveLength(2);
  });

  it('from the account menu: a dialog; after confirming the user is logged out and sent to login', async () => {
    storeTestCredential();
    const bodies = onChange();
    const { user, location } = renderApp('/en/account/profile/info');
    await screen.findByText('Alice Tan', { selector: 'dd' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await within(dialog).findByLabelText('Current Password');
    fill('Current Password', 'old password');
    fill('New Password', 'a fresh passphrase');
    fill('Confirm New Password', 'a fresh passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(location()).toBe('/en/account/login'));
    expect(await screen.findByText('Your password has been changed. Sign in again with the new password.')).toBeInTheDocument();
    expect(bodies).toEqual([{ current_password: 'old password', new_password: 'a fresh passphrase' }]);
    expect(localStorage.length).toBe(0);
  });

  it('Cancel closes the dialog and changes nothing', async () => {
    storeTestCredential();
    const bodies = onChange();
    const { user, location } = renderApp('/en/account/profile/info');
    await screen.findByText('Alice Tan', { selector: 'dd' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/en/account/profile/info');
    expect(bodies).toHaveLength(0);
  });
});

describe('a password that expires during the session', { timeout: 20_000 }, () => {
  it('opens the change-password dialog, which cannot be put off, when the server says so', async () => {
    storeTestCredential();
    const bodies = onPasswordChange();
    server.use(http.get(api('/preferences'), () => HttpResponse.json(MESSAGES.passwordExpired, { status: 403 })));
    const { user, location } = renderApp('/en/account/preference');
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' }, { timeout: 5000 });
    expect(await within(dialog).findByText(MESSAGES.passwordExpired)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fill('Current Password', 'old password');
    fill('New Password', 'a fresh passphrase');
    fill('Confirm New Password', 'a fresh passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(location()).toBe('/en/account/login'));
    expect(bodies).toHaveLength(1);
  });
});

describe('account menu', { timeout: 20_000 }, () => {
  it('goes to the profile with Edit Profile', async () => {
    storeTestCredential();
    const { user, location } = renderApp('/en/account/preference');
    await screen.findByRole('heading', { level: 1, name: 'Preference' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Profile' }));
    await waitFor(() => expect(location()).toBe('/en/account/profile/info'));
  });

  it('bookmarks the page with its query under the name given', async () => {
    storeTestCredential();
    const bodies: unknown[] = [];
    server.use(
      http.get(api('/notifications'), () => HttpResponse.json({ records: [], total_records: 0, unread: 0 })),
      http.post(api('/bookmarks'), async ({ request }) => {
        const body = (await request.json()) as { name: string; path: string };
        bodies.push(body);
        return HttpResponse.json({ bookmark_id: 3, ...body, icon: null, created: '2026-01-01T00:00:00Z' });
      }),
    );
    const { user } = renderApp('/en/account/notification?keyword=crack');
    await screen.findByRole('heading', { level: 1, name: 'Notifications' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Bookmark this page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bookmark this page' });
    const name = (await within(dialog).findByLabelText('Name')) as HTMLInputElement;
    expect(name.value).toBe('Notifications');
    fireEvent.change(name, { target: { value: 'Crack notifications' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bookmarked: Crack notifications')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Crack notifications', path: '/account/notification?keyword=crack', icon: null }]);
  });
});
