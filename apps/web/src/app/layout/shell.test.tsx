import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AddCircle from '@mui/icons-material/AddCircle';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Assessment from '@mui/icons-material/Assessment';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getConfigQueryOptions } from '../../lib/config';
import { appEvents, type HttpErrorEvent } from '../../lib/events';
import { pageLoader } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { useRouteAction } from '../../lib/route-actions';
import type { AppRoute } from '../../lib/route-meta';
import { appInfo, configResponse, storeTestCredential, syncResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { api, server } from '../../test/server';
import { setViewport, WIDTHS } from '../../test/viewport';

const ran: string[] = [];

function Page() {
  return <p>page body</p>;
}

function ActionsPage() {
  useRouteAction('create', () => ran.push('create'));
  useRouteAction('report', () => ran.push('report'));
  useRouteAction('secret', () => ran.push('secret'));
  return <p>actions page</p>;
}

/**
 * The table these tests run on, in place of the real one (which grows with every feature): stand-ins for the
 * profile and manual pages, and pages of categories that do not exist yet, to see the menu and the route actions.
 */
const shellRoutes: AppRoute[] = [
  { path: '/account/profile/info', meta: { title: 'route.profileInfo', category: 'account', icon: AccountCircleOutlined }, Component: Page },
  { path: '/user-manual', meta: { title: 'route.userManual', category: 'manual', icon: MenuBookOutlined }, Component: Page },
  { path: '/dashboard', meta: { title: 'menu.category.home', category: 'home' }, Component: Page },
  { path: '/admin/users', meta: { title: 'profile.details', category: 'admin', tasks: ['SearchUsers'], icon: PeopleOutlined }, Component: Page },
  { path: '/admin/users/:id', meta: { title: 'profile.details', tasks: ['SearchUsers'], back: true }, Component: Page },
  { path: '/admin/roles', meta: { title: 'profile.role', category: 'admin', tasks: ['ManageRoles'] }, Component: Page },
  { path: '/admin/announcement', meta: { title: 'profile.email', category: 'admin', menu: false, tasks: ['SearchUsers'] }, Component: Page },
  {
    path: '/reports/one',
    meta: {
      title: 'menu.category.reports',
      category: 'reports',
      actions: [
        { id: 'create', title: 'manual.contents', icon: AddCircle, color: 'secondary' },
        { id: 'secret', title: 'security.title', acl: ['ManageRoles'] },
        { id: 'unhandled', title: 'footer.back' },
      ],
    },
    Component: ActionsPage,
  },
  {
    path: '/reports/many',
    meta: {
      title: 'menu.category.reports',
      actions: [
        { id: 'create', title: 'manual.contents', icon: AddCircle },
        { id: 'report', title: 'security.howTitle', icon: Assessment },
      ],
    },
    Component: ActionsPage,
  },
];

function signedIn(permissions = ['SearchUsers']) {
  storeTestCredential();
  server.use(http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))));
}

/** `styles`: Emotion's styles in document.head, for the tests that read a computed width or colour. */
async function openShell(path: string, width: number = WIDTHS.desktop, { styles = false } = {}) {
  setViewport(width);
  const view = renderApp(path, { routes: shellRoutes, styles });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

async function openDial(user: ReturnType<typeof renderApp>['user']) {
  const dial = await screen.findByRole('button', { name: 'Actions' });
  await user.click(dial);
  await waitFor(() => expect(dial.getAttribute('aria-expanded')).toBe('true'));
}

function mainMenu() {
  return screen.getByRole('navigation', { name: 'Main menu' });
}

function menuDrawerPaper(): HTMLElement {
  return mainMenu().closest('.MuiDrawer-paper') as HTMLElement;
}

describe('side menu', { timeout: 20_000 }, () => {
  it('lists only the routes the user may open, by category in the product order, under upper-case headings', async () => {
    signedIn(['SearchUsers']);
    await openShell('/en/account/profile/info');
    const nav = await waitFor(mainMenu);
    // The drawer may still be opening (hidden to the accessibility tree) on the first render: wait for its headings.
    const headings = (await within(nav).findAllByRole('heading')).map((heading) => heading.textContent);
    expect(headings).toEqual(['HOME', 'ADMINISTRATIVE', 'USER ACCOUNT', 'REPORTS', 'USER MANUAL']);
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/en/dashboard'],
      ['Account', '/en/admin/users'],
      ['Profile Information', '/en/account/profile/info'],
      ['Reports', '/en/reports/one'],
      ['User Manual', '/en/user-manual'],
    ]);
    // Role management needs ManageRoles; the announcement page is kept out of the menu; detail pages have no entry.
    expect(within(nav).queryByRole('link', { name: 'Role' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'E-mail' })).toBeNull();
  });

  it('holds list items only in its lists, at full width and in the mini drawer (the headings come before the lists)', async () => {
    signedIn(['SearchUsers']);
    const { user } = await openShell('/en/account/profile/info');
    const nav = await waitFor(mainMenu);
    await within(nav).findAllByRole('heading');
    const children = () => [...nav.querySelectorAll('ul, ol')].flatMap((list) => [...list.children].map((child) => child.tagName));
    expect(children().length).toBeGreaterThan(0);
    expect(children().filter((tag) => tag !== 'LI')).toEqual([]);
    expect(within(nav).getByRole('list', { name: 'ADMINISTRATIVE' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Toggle menu' }));
    await waitFor(() => expect(within(mainMenu()).queryByRole('heading')).toBeNull());
    expect(children().filter((tag) => tag !== 'LI')).toEqual([]);
  });

  it('gives every button of the shell a name on a desktop', async () => {
    signedIn(['SearchUsers']);
    await openShell('/en/account/profile/info');
    const buttons = await screen.findAllByRole('button');
    expect(buttons.length).toBeGreaterThan(2);
    expect(screen.getAllByRole('button', { name: /\S/ })).toEqual(buttons);
  });

  it('gives every button a name on a phone too, the actions in a speed dial', async () => {
    signedIn(['SearchUsers']);
    await openShell('/en/reports/many', WIDTHS.phone);
    await screen.findByRole('button', { name: 'Actions' });
    const phoneButtons = screen.getAllByRole('button');
    expect(screen.getAllByRole('button', { name: /\S/ })).toEqual(phoneButtons);
  });

  it('shows more to a user who holds more tasks', async () => {
    signedIn(['SearchUsers', 'ManageRoles']);
    await openShell('/en/account/profile/info');
    const admin = within(await waitFor(mainMenu)).getByRole('list', { name: 'ADMINISTRATIVE' });
    expect(
      within(admin)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Account', 'Role']);
  });

  it('shows the headings in Chinese below /zh', async () => {
    signedIn();
    await openShell('/zh/account/profile/info');
    const nav = await screen.findByRole('navigation', { name: '主菜单' });
    const headings = within(nav)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['首页', '系统管理', '用户账户', '报告', '用户手册']);
  });

  it('highlights the page being shown (and its parent entry on pages below it)', async () => {
    signedIn();
    const { router } = await openShell('/en/account/profile/info');
    const current = () =>
      within(mainMenu())
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page');
    await waitFor(() => expect(current().map((link) => link.textContent)).toEqual(['Profile Information']));
    await act(() => router.navigate('/en/admin/users/7'));
    await waitFor(() => expect(current().map((link) => link.textContent)).toEqual(['Account']));
  });

  it('makes the top bar red on Administrative pages and the pages below their entries, and the Administrative icons red', async () => {
    signedIn();
    const { router } = await openShell('/en/account/profile/info', WIDTHS.desktop, { styles: true });
    const appBar = () => screen.getByRole('banner');
    expect(appBar().className).toContain('MuiAppBar-colorPrimary');
    await act(() => router.navigate('/en/admin/users'));
    await waitFor(() => expect(appBar().className).toContain('MuiAppBar-colorError'));
    // A page below an Administrative entry (a user's page, no category of its own) is red too.
    await act(() => router.navigate('/en/admin/users/7'));
    await screen.findByText('Account', { selector: '[aria-current="page"] *' });
    expect(appBar().className).toContain('MuiAppBar-colorError');
    const adminIcon = within(screen.getByRole('link', { name: 'Account' })).getByTestId('PeopleOutlinedIcon');
    const homeIcon = within(screen.getByRole('link', { name: 'Home' })).getByTestId('ArticleOutlinedIcon');
    expect(getComputedStyle(adminIcon.parentElement!).color).toBe('rgb(211, 47, 47)');
    expect(getComputedStyle(homeIcon.parentElement!).color).not.toBe('rgb(211, 47, 47)');
  });

  it('desktop: a permanent drawer the toggle switches between full (300) and mini (82, icons with tooltips)', async () => {
    signedIn();
    const { user, router } = await openShell('/en/account/profile/info', WIDTHS.desktop, { styles: true });
    await waitFor(mainMenu);
    expect(getComputedStyle(menuDrawerPaper()).width).toBe('300px');
    expect(within(mainMenu()).getByText('Profile Information')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Toggle menu' }));
    expect(getComputedStyle(menuDrawerPaper()).width).toBe('82px');
    expect(within(mainMenu()).queryByText('Profile Information')).toBeNull();
    // icons only: the name is the tooltip's
    const link = within(mainMenu()).getByRole('link', { name: 'Profile Information' });
    await user.hover(link);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Profile Information');

    // navigating keeps the choice on a desktop
    await user.click(screen.getByRole('button', { name: 'Toggle menu' }));
    await act(() => router.navigate('/en/user-manual'));
    expect(getComputedStyle(menuDrawerPaper()).width).toBe('300px');
  });

  it('tablet: collapses to the mini drawer at each navigation', async () => {
    signedIn();
    const { user } = await openShell('/en/account/profile/info', WIDTHS.tablet, { styles: true });
    await waitFor(mainMenu);
    expect(getComputedStyle(menuDrawerPaper()).width).toBe('82px');
    await user.click(screen.getByRole('button', { name: 'Toggle menu' }));
    expect(getComputedStyle(menuDrawerPaper()).width).toBe('300px');
    await user.click(within(mainMenu()).getByRole('link', { name: 'Home' }));
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(getComputedStyle(menuDrawerPaper()).width).toBe('82px');
  });

  it('phone: a temporary overlay opened by the toggle and closed by choosing a page', async () => {
    signedIn();
    const { user, location } = await openShell('/en/account/profile/info', WIDTHS.phone);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByText('Profile Information')).toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'User Manual' }));
    await waitFor(() => expect(location()).toBe('/en/user-manual'));
    // gone once its closing transition ends
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull(), { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'Toggle menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('route actions', { timeout: 20_000 }, () => {
  it('shows one visible action as a floating button on a phone; acl and missing handlers hide actions', async () => {
    ran.length = 0;
    signedIn(['SearchUsers']);
    const { user } = await openShell('/en/reports/one', WIDTHS.phone);
    await screen.findByText('actions page');
    const fab = await screen.findByRole('button', { name: 'Contents' });
    expect(fab.className).toContain('MuiFab');
    expect(fab.className).toContain('MuiFab-secondary');
    expect(screen.queryByRole('button', { name: 'Report a vulnerability' })).toBeNull(); // acl ManageRoles
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull(); // no handler
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
    await user.click(fab);
    expect(ran).toEqual(['create']);
  });

  it('shows the first action as a labelled button at the head of the page on desktop, the others floating', async () => {
    ran.length = 0;
    signedIn(['SearchUsers', 'ManageRoles']);
    const { user } = await openShell('/en/reports/one');
    await screen.findByText('actions page');
    const main = screen.getByRole('main');
    const first = within(main).getByRole('button', { name: 'Contents' });
    expect(first.className).not.toContain('MuiFab');
    expect(first.textContent).toBe('Contents');
    // Above the page's content.
    expect(first.compareDocumentPosition(screen.getByText('actions page')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The other one floats, alone: no speed dial.
    expect(screen.getByRole('button', { name: 'Report a vulnerability' }).className).toContain('MuiFab');
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
    await user.click(first);
    expect(ran).toEqual(['create']);
  });

  it('turns into a speed dial on a phone when the user may use several', async () => {
    ran.length = 0;
    signedIn(['SearchUsers', 'ManageRoles']);
    const { user } = await openShell('/en/reports/one', WIDTHS.phone);
    await openDial(user);
    const actions = await screen.findAllByRole('menuitem');
    expect(actions).toHaveLength(2);
    await user.click(screen.getByRole('menuitem', { name: 'Report a vulnerability' }));
    expect(ran).toEqual(['secret']);
  });

  it('speed dial of a route with several actions; each runs its handler', async () => {
    ran.length = 0;
    signedIn();
    const { user } = await openShell('/en/reports/many', WIDTHS.phone);
    await openDial(user);
    // The page's actions are in its landmark (axe-core `region`), though drawn at the corner of the screen.
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'How to report' }));
    expect(ran).toEqual(['report']);
  });

  it('keeps the labels of the speed dial visible on touch screens', async () => {
    signedIn();
    setViewport(WIDTHS.phone, { hover: false });
    const { user } = renderApp('/en/reports/many', { routes: shellRoutes });
    await openDial(user);
    expect(await screen.findByText('How to report')).toBeInTheDocument();
    expect(screen.getByText('Contents')).toBeInTheDocument();
  });

  it('lists the route actions in the account menu too', async () => {
    ran.length = 0;
    signedIn();
    const { user } = await openShell('/en/reports/many');
    await within(screen.getByRole('main')).findByRole('button', { name: 'Contents' });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'How to report' }));
    expect(ran).toEqual(['report']);
    await waitFor(() => expect(menu.isConnected).toBe(false));
  });

  it('shows no action button on a page without actions', async () => {
    signedIn();
    await openShell('/en/account/profile/info');
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
    expect(within(screen.getByRole('main')).queryByRole('button')).toBeNull();
    expect(document.querySelector('.MuiFab-root')).toBeNull();
  });
});

describe('top bar and footer', { timeout: 20_000 }, () => {
  it('reloads the same page under the other language prefix', async () => {
    signedIn();
    const assign = vi.spyOn(pageLoader, 'assign').mockImplementation(() => undefined);
    const { user } = await openShell('/en/account/profile/info?tab=contracts');
    await user.click(screen.getByRole('button', { name: 'Language' }));
    expect(screen.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('menuitemradio', { name: '简体中文' }));
    expect(assign).toHaveBeenCalledWith('/zh/account/profile/info?tab=contracts');
  });

  it('shows the lost connection in the top bar', async () => {
    signedIn();
    await openShell('/en/account/profile/info');
    expect(screen.queryByRole('status', { name: 'Connection lost' })).toBeNull();
    // The server is out of reach: every call fails (the page's own, such as the last-url post, too; one of them
    // answering after the failure would rightly say the connection is back).
    server.use(http.all(api('/*'), () => HttpResponse.error()));
    const { apiRequest } = await import('../../lib/api-client');
    await act(() => apiRequest('/offline').catch(() => undefined));
    expect(await screen.findByRole('status', { name: 'Connection lost' })).toBeInTheDocument();
  });

  it('shows the description, the year, the author and the link to report a vulnerability', async () => {
    signedIn();
    server.use(http.get(api('/info'), () => HttpResponse.json(appInfo({ author: 'Land Transport Works' }))));
    await openShell('/en/account/profile/info');
    const footer = screen.getByRole('contentinfo');
    await waitFor(() => expect(footer.textContent).toContain('Land Transport Works'));
    expect(footer.textContent).toContain('Strata Monitoring');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()}`);
    expect(within(footer).getByRole('link', { name: 'Report a vulnerability' }).getAttribute('href')).toBe('/en/security');
  });

  it('shows a Back button on routes that ask for it, once there is a page to go back to', async () => {
    signedIn();
    const { user, router, location } = await openShell('/en/admin/users/7');
    expect(within(screen.getByRole('contentinfo')).queryByRole('button', { name: 'Back' })).toBeNull();
    await act(() => router.navigate('/en/admin/users'));
    await act(() => router.navigate('/en/admin/users/8'));
    await user.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location()).toBe('/en/admin/users'));
  });
});

describe('http-error alert', { timeout: 20_000 }, () => {
  const error = (status: number, message: string): HttpErrorEvent => ({
    status,
    message,
    body: message,
    method: 'GET',
    path: '/x',
    url: 'http://localhost/api/v1/x',
  });

  it('shows the body of an error answer at the top of the screen, dismissible, until another page opens', async () => {
    signedIn();
    const { user, router } = await openShell('/en/account/profile/info');
    act(() => appEvents.emit('http-error', error(409, 'The role is in use')));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The role is in use');
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => appEvents.emit('http-error', error(500, 'Internal server error')));
    expect((await screen.findByRole('alert')).textContent).toContain('Internal server error');
    await act(() => router.navigate('/en/user-manual'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays quiet while a dialog is open, and for the statuses the screens handle', async () => {
    signedIn();
    await openShell('/en/account/profile/info');
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    act(() => appEvents.emit('http-error', error(500, 'Hidden behind the dialog')));
    dialog.remove();
    act(() => appEvents.emit('http-error', error(504, 'Gateway time-out')));
    act(() => appEvents.emit('http-error', error(404, 'Not found')));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ignores a 500 from the configured TBM address', async () => {
    signedIn();
    await openShell('/en/account/profile/info');
    queryClient.setQueryData(getConfigQueryOptions().queryKey, configResponse({ tbm: { base_uri: 'https://tbm.example/api', token: null } }));
    act(() => appEvents.emit('http-error', { ...error(500, 'TBM is down'), url: 'https://tbm.example/api/rings' }));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => appEvents.emit('http-error', error(500, 'Our server is down')));
    expect((await screen.findByRole('alert')).textContent).toContain('Our server is down');
  });

  it('comes from real answers: a 403 of a call the page makes', async () => {
    signedIn();
    server.use(http.get(api('/forbidden'), () => HttpResponse.json('You do not have permission to perform this action', { status: 403 })));
    await openShell('/en/account/profile/info');
    const { apiRequest } = await import('../../lib/api-client');
    await act(() => apiRequest('/forbidden').catch(() => undefined));
    expect((await screen.findByRole('alert')).textContent).toContain('You do not have permission to perform this action');
  });
});
