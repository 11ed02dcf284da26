import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiCall, apiSignIn, mailLink, waitForMail, type ApiSession } from '../support/api.js';
import { DEMO, DESKTOP, newPage, PHONE, RUN, screenshot, settled, signInThroughUi } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { reportOnFailure } from '../support/diagnostics.js';

const PERSON = {
  login: `nadia.${RUN}`,
  fullname: 'Nadia Rahman',
  email: `nadia.${RUN}@strata.example`,
};
/** The person's passwords, in the order the tests set them. */
const PASSWORD = {
  first: 'Segment-Ring-Bolt-7392',
  second: 'Grout-Pressure-Gauge-5518',
  third: 'Cutter-Head-Torque-2047',
};
const STEP_MS = 30_000;

/** The page at 1366 and at 390 wide (full page), then back to the width it had. */
async function bothWidths(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(DESKTOP);
  await settled(page);
  await screenshot(page, `${name}-1366`);
  await page.setViewportSize(PHONE);
  await settled(page);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(size);
}

async function signInAs(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/en/account/login');
  await page.getByRole('heading', { name: 'User Login' }).waitFor();
  await signInThroughUi(page, login, password);
}

/**
 * Signed in: the app leaves the login page for the user's last page, or the work space (the default landing page)
 * for a first sign-in; then the profile, where these tests continue.
 */
async function onProfileAfterSignIn(page: Page): Promise<void> {
  await page.waitForURL((url) => !url.pathname.endsWith('/account/login'));
  await page.goto('/en/account/profile/info');
  await page.getByRole('heading', { level: 1, name: 'Profile Information' }).waitFor();
}

async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
}

function totp(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

reportOnFailure();

test.describe('accounts, as a person', () => {
  // In order, and retried together: the person registered first changes passwords and enrols in two-factor authentication in the tests after.
  test.describe.configure({ mode: 'serial' });
  let browser: Browser;
  let admin: ApiSession;
  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    test.setTimeout(120_000); // hooks get more time than a test (sign-ins and demo data look-ups through the API)
    admin = await apiSignIn(DEMO.admin.login, DEMO.admin.password);
  });

  test('registers, is approved by an administrator, activates from the mail, sets a password and signs in', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto('/en/account/login');
    await page.getByRole('link', { name: 'Not a member yet ?' }).click();
    await page.waitForURL(/\/en\/account\/register$/);
    await page.getByRole('heading', { level: 1, name: 'Registration' }).waitFor();
    await page.getByLabel('Login Name').fill(PERSON.login);
    await page.getByLabel('Full Name').fill(PERSON.fullname);
    await page.getByLabel('E-mail').fill(PERSON.email);
    await page.getByLabel('Note').fill('Geotechnical engineer, contract T301');
    await bothWidths(page, 'accounts-register');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('heading', { level: 1, name: 'Request sent' }).waitFor();
    await page.getByRole('heading', { name: 'What happens next' }).waitFor();
    await page.getByText('An administrator reviews your request.').waitFor();
    await bothWidths(page, 'accounts-register-done');

    // The administrator approves the request through the API.
    const pending = await apiCall<{ records: { user_id: number; login_name: string }[] }>(admin, 'GET', '/admin/users/pending');
    const request = pending.records.find((user) => user.login_name === PERSON.login);
    expect(request).toBeTruthy();
    await apiCall(admin, 'POST', `/admin/users/${request!.user_id}/approve`, {});

    // The activation mail's link, opened in the browser, leads to the password set-up.
    const mail = await waitForMail(admin, PERSON.email, 'Activate your account');
    await page.goto(mailLink(mail, 'activation'));
    await page.waitForURL(/\/en\/setup-password\?token=/);
    await page.getByText(`Your account ${PERSON.login} is active. Choose your password.`).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await bothWidths(page, 'accounts-setup-password');
    await page.getByLabel('New Password', { exact: true }).fill(PASSWORD.first);
    await page.getByLabel('Confirm New Password').fill(PASSWORD.first);
    await page.getByRole('button', { name: 'Set password' }).click();

    await page.waitForURL(/\/en\/account\/login$/);
    await page.getByText('Your password is set. Sign in with your login name and the new password.').waitFor();
    await expect(page.getByLabel('Your Login Name')).toHaveValue(PERSON.login);
    await page.getByLabel('Your Password').fill(PASSWORD.first);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await onProfileAfterSignIn(page);
    await page.getByText(PERSON.fullname).first().waitFor();

    // The activation link works once.
    await page.goto('/en/account/logout');
    await page.waitForURL(/\/en\/account\/login/);
    await page.goto(mailLink(mail, 'activation'));
    await page.getByText('This link is invalid or has expired. Please ask for a new one.').waitFor();
    await page.getByRole('link', { name: 'Forgot Password ?' }).waitFor();
    await bothWidths(page, 'accounts-activation-used');
    await context.close();
  });

  test('resets a forgotten password from the mailed link; the old password is then refused', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto('/en/account/login');
    await page.getByRole('link', { name: 'Forgot Password ?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    await page.getByLabel('Login name or e-mail').fill(PERSON.email);
    await bothWidths(page, 'accounts-forgot-password');
    const last = await waitForMail(admin, PERSON.email, 'Activate your account');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(/If the login name or e-mail address belongs to an account/).waitFor();

    const mail = await waitForMail(admin, PERSON.email, 'Reset your password', last.id);
    await page.goto(mailLink(mail, 'reset-password'));
    await page.getByRole('heading', { level: 1, name: 'Confirm Password Reset' }).waitFor();
    await bothWidths(page, 'accounts-reset-password');
    await page.getByLabel('New Password', { exact: true }).fill(PASSWORD.second);
    await page.getByLabel('Confirm New Password').fill(PASSWORD.second);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/\/en\/account\/login$/);
    await page.getByText('Your password has been reset. Sign in with the new password.').waitFor();

    await page.getByLabel('Your Password').fill(PASSWORD.first);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid login name or password').waitFor();
    await page.getByLabel('Your Password').fill(PASSWORD.second);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await onProfileAfterSignIn(page);
    await page.getByText(PERSON.fullname).first().waitFor();
    await context.close();
  });

  test('changes the password in the account menu dialog, which signs the user out', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAs(page, PERSON.login, PASSWORD.second);
    await onProfileAfterSignIn(page);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password').fill(PASSWORD.second);
    await dialog.getByLabel('New Password', { exact: true }).fill(PASSWORD.third);
    await dialog.getByLabel('Confirm New Password').fill(PASSWORD.third);
    await screenshot(page, 'accounts-change-password-dialog-1366');
    await dialog.getByRole('button', { name: 'Change' }).click();
    await page.waitForURL(/\/en\/account\/login$/);
    await page.getByText('Your password has been changed. Sign in again with the new password.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await signInThroughUi(page, PERSON.login, PASSWORD.third);
    await onProfileAfterSignIn(page);
    await context.close();
  });

  test('enrols in two-factor authentication, then signs in with a fresh code', async () => {
    test.setTimeout(120_000);
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAs(page, PERSON.login, PASSWORD.third);
    await onProfileAfterSignIn(page);
    await bothWidths(page, 'accounts-profile');
    await page.goto('/en/account/profile/security');
    await page.getByText('Two-factor authentication is off.').waitFor();
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).waitFor();
    const secret = await page.getByLabel('Secret key').inputValue();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await bothWidths(page, 'accounts-security-enrol');
    const generator = totp(secret);
    const enrolStep = Math.floor(Date.now() / STEP_MS);
    await page.getByLabel('Code', { exact: true }).fill(generator.generate({ timestamp: enrolStep * STEP_MS }));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    await expect(codes).toHaveCount(10);
    await bothWidths(page, 'accounts-recovery-codes');
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    await page.getByText(/Two-factor authentication is on: signing in asks/).waitFor();

    // The security events are notifications of the account.
    await page.goto('/en/account/notification');
    await page.getByRole('table', { name: 'Notifications' }).getByRole('button').first().waitFor();
    await bothWidths(page, 'accounts-notifications');
    await page.goto('/en/account/home');
    await page.getByRole('list', { name: 'Recents' }).waitFor();
    await bothWidths(page, 'accounts-home');
    await page.goto('/en/account/preference');
    await page.getByRole('switch', { name: 'Show labels' }).waitFor();
    await bothWidths(page, 'accounts-preference');

    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/en\/account\/login/);

    await signInThroughUi(page, PERSON.login, PASSWORD.third);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await bothWidths(page, 'accounts-login-two-factor');
    // A time step's code is accepted once, and the server allows a step of clock drift: the code of the step after
    // the one used to enrol (or of the current step, if that is later) is fresh and accepted without waiting.
    const step = Math.max(enrolStep + 1, Math.floor(Date.now() / STEP_MS));
    await page.getByLabel('Code', { exact: true }).fill(generator.generate({ timestamp: step * STEP_MS }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/account/login'));
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
    await context.close();
  });
});

test.describe('idle session', () => {
  let browser: Browser;
  let server: RunningServer;
  test.beforeAll(async ({ browser: shared }) => {
    test.setTimeout(300_000); // a server of its own starts (its readiness is waited for up to 240 s)
    browser = shared;
    // A 30-second session on a server of its own: the notice shows after 10 s idle, the logout 15 s later.
    server = await startServer({ SESSION_IDLE_MINUTES: '0.5' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('warns near the limit; Cancel in one tab closes the notice in the other; without Cancel both are logged out', async () => {
    test.setTimeout(120_000);
    const { context, page: first } = await newPage(browser, DESKTOP, server.baseUrl);
    await first.goto('/en/account/login?redirect=/en/account/profile/info');
    await signInThroughUi(first, DEMO.authority.login, DEMO.authority.password);
    await first.waitForURL(/\/en\/account\/profile\/info/);
    const second = await context.newPage();
    await second.goto('/en/account/home');
    await second.getByRole('tab', { name: 'Recents' }).waitFor();

    const notice = (page: Page) => page.getByRole('dialog', { name: 'Are you still there?' });
    await notice(first).waitFor({ timeout: 20_000 });
    await notice(second).waitFor({ timeout: 5000 });
    await notice(first)
      .getByText('You have been idle for almost 1 minute(s). You will be logged out shortly. Click "Cancel" to cancel automatic logout.')
      .waitFor();
    await screenshot(first, 'accounts-idle-notice-1366');

    await notice(first).getByRole('button', { name: 'Cancel' }).click();
    await notice(second).waitFor({ state: 'hidden', timeout: 5000 });
    await notice(first).waitFor({ state: 'hidden', timeout: 5000 });
    expect(first.url()).toMatch(/\/en\/account\/profile\/info/);

    // Nobody cancels this time: both tabs end on the login page, and the session is gone.
    const token = await first.evaluate(() => localStorage.getItem('auth_token'));
    await notice(second).waitFor({ timeout: 20_000 });
    await first.waitForURL(/\/en\/account\/login/, { timeout: 30_000 });
    await second.waitForURL(/\/en\/account\/login/, { timeout: 30_000 });
    // The tab whose countdown ended first says why; the other followed its logout.
    const said = async (page: Page) => (await page.getByText('You were signed out because the session was idle.').count()) > 0;
    await expect.poll(async () => (await said(first)) || (await said(second)), { timeout: 5000 }).toBe(true);
    expect(await first.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    const res = await first.request.get(`${server.baseUrl}/api/v1/sync`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
    await context.close();
  });
});
