import { STORAGE_KEYS } from '@strata/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { appInfo, loginResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { authenticate } from '../api/authenticate';
import type { AppRoute } from '../../../lib/route-meta';
import { accountRoutes } from '../routes';

/** Records the bodies POST /auth receives and answers with `respond`. */
function onAuth(respond: () => Response = () => HttpResponse.json(loginResponse())) {
  const bodies: URLSearchParams[] = [];
  server.use(
    http.post(api('/auth'), async ({ request }) => {
      bodies.push(new URLSearchParams(await request.text()));
      return respond();
    }),
  );
  return bodies;
}

/** A signed-in page that asks for the footer's Back button. */
const backPages: AppRoute[] = [{ path: '/detail/:id', meta: { title: 'route.notFound', back: true }, Component: () => <p>detail page</p> }];

async function openLogin(path = '/en/account/login') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'User Login' });
  return app;
}

describe('login page', () => {
  it('shows the User Login form with its labels and buttons', async () => {
    await openLogin();
    expect(screen.getByLabelText('Your Login Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Your Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows the product name (APP_NAME from /info) as the heading above the form', async () => {
    server.use(http.get(api('/info'), () => HttpResponse.json(appInfo({ name: 'Acme Ground Watch' }))));
    await openLogin();
    const name = await screen.findByRole('heading', { level: 1, name: 'Acme Ground Watch' });
    const form = screen.getByRole('heading', { name: 'User Login' });
    expect(name.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('reports both missing fields together when both are empty, without calling the server', async () => {
    const bodies = onAuth();
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('User name is required')).toBeInTheDocument();
    expect(screen.getByText('User password is required')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('reports only the password when only the password is missing', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Your Login Name'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('User password is required')).toBeInTheDocument();
    expect(screen.queryByText('User name is required')).toBeNull();
  });

  it('sends the login name lower-cased, form-encoded, when Enter is pressed', async () => {
    const bodies = onAuth();
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Your Login Name'), 'Alice.TAN');
    await user.type(screen.getByLabelText('Your Password'), 'Secret-Pass1{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(Object.fromEntries(bodies[0]!)).toEqual({ username: 'alice.tan', password: 'Secret-Pass1' });
  });

  it('leaves empty fields out of the request', async () => {
    const bodies = onAuth(() => HttpResponse.json({ userName: 'User name is required' }, { status: 400 }));
    await expect(authenticate({ username: '', password: 'pw' })).rejects.toMatchObject({ status: 400 });
    await expect(authenticate({ username: 'Bob', password: '' })).rejects.toMatchObject({ status: 400 });
    expect([...bodies[0]!.keys()]).toEqual(['password']);
    expect(Object.fromEntries(bodies[1]!)).toEqual({ username: 'bob' });
  });

  it('shows a general error (a string body) as an alert above the form', async () => {
    onAuth(() => HttpResponse.json('Invalid login name or password', { status: 401 }));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Your Login Name'), 'alice');
    await user.type(screen.getByLabelText('Your Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid login name or password');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('shows the rate-limit message on 429', async () => {
    onAuth(() => HttpResponse.json('Too many', { status: 429 }));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Your Login Name'), 'alice');
    await user.type(screen.getByLabelText('Your Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Rate limit exceeded. Please try again later.');
  });

  it('puts server field errors under their fields and focuses the first', async () => {
    onAuth(() => HttpResponse.json({ userName: 'User name is required', userPassword: 'User password is required' }, { status: 400 }));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Your Login Name'), '  ');
    await user.type(screen.getByLabelText('Your Password'), 'x');
    // the client trims the name, so make it pass the client check and let the server answer
    await user.clear(screen.getByLabelText('Your Login Name'));
    await user.type(screen.getByLabelText('Your Login Name'), 'a');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('User name is required')).toBeInTheDocument();
    expect(screen.getByText('User password is required')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByLabelText('Your Login Name'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stores the credential and goes to the redirect page on success', async () => {
    onAuth();
    const { user, location } = await openLogin('/en/account/login?redirect=/en/account/profile/info?tab=contracts');
    await user.type(screen.getByLabelText('Your Login Name'), 'alice.tan');
    await user.type(screen.getByLabelText('Your Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/en/account/profile/info?tab=contracts'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access-1');
    expect(localStorage.getItem(STORAGE_KEYS.resourceToken)).toBe('resource-1');
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBe('alice.tan');
    expect(await screen.findByText('Alice Tan', { selector: 'dd' })).toBeInTheDocument();
  });

  it.each(['https://evil.example/steal', '//evil.example/steal', '/\\evil.example'])(
    'ignores a redirect that leaves the site (%s)',
    async (redirect) => {
      onAuth();
      const { user, location } = await openLogin(`/en/account/login?redirect=${encodeURIComponent(redirect)}`);
      await user.type(screen.getByLabelText('Your Login Name'), 'alice.tan');
      await user.type(screen.getByLabelText('Your Password'), 'pw');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      // The default index: the work space.
      await waitFor(() => expect(location()).toBe('/en/dashboard/search/instrument/list'), { timeout: 10_000 });
    },
    20_000,
  );

  it('shows no Back button on the page reached first after sign-in (the login page is nothing to go back to)', async () => {
    onAuth();
    const { user, router, location } = renderApp('/en/account/login?redirect=/en/detail/1', { extraRoutes: backPages });
    await screen.findByRole('heading', { name: 'User Login' });
    await user.type(screen.getByLabelText('Your Login Name'), 'alice.tan');
    await user.type(screen.getByLabelText('Your Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('detail page');
    expect(location()).toBe('/en/detail/1');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByRole('button', { name: 'Back' })).toBeNull();
    // A page reached from there has one.
    await act(() => router.navigate('/en/detail/2'));
    await user.click(await within(screen.getByRole('contentinfo')).findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location()).toBe('/en/detail/1'));
    expect(within(screen.getByRole('contentinfo')).queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('returns to the last page visited when there is no redirect', async () => {
    onAuth(() => HttpResponse.json(loginResponse({ last_url: '/en/account/profile/info?from=last' })));
    const { user, location } = await openLogin();
    await user.type(screen.getByLabelText('Your Login Name'), 'alice.tan');
    await user.type(screen.getByLabelText('Your Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/en/account/profile/info?from=last'));
  });

  it('disables the buttons while signing in', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    onAuth();
    server.use(
      http.post(api('/auth'), async () => {
        await answered;
        return HttpResponse.json('Invalid login name or password', { status: 401 });
      }),
    );
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Your Login Name'), 'alice');
    await user.type(screen.getByLabelText('Your Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled());
    release();
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Sign in' })).not.toBeDisabled();
  });

  it('shows "Forgot Password ?" and "Not a member yet ?" only when their pages exist', async () => {
    const routes = accountRoutes.filter((route) => route.path !== '/account/reset-password' && route.path !== '/account/register');
    renderApp('/en/account/login', { routes });
    await screen.findByRole('heading', { name: 'User Login' });
    expect(screen.queryByRole('link', { name: 'Forgot Password ?' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Not a member yet ?' })).toBeNull();
  });

  it('links to the reset-password and register pages', async () => {
    await openLogin();
    const forgot = await screen.findByRole('link', { name: 'Forgot Password ?' });
    expect(forgot.getAttribute('href')).toBe('/en/account/reset-password');
    expect(screen.getByRole('link', { name: 'Not a member yet ?' }).getAttribute('href')).toBe('/en/account/register');
  });
});
