import Star from '@mui/icons-material/Star';
import { describe, expect, it } from 'vitest';
import { activeEntryPath, buildMenu } from './menu';
import type { AppRoute } from './route-meta';

const page = () => null;
const row = (path: string, meta: Partial<NonNullable<AppRoute['meta']>> = {}): AppRoute => ({
  path,
  meta: { title: 'route.userManual', ...meta },
  Component: page,
});

const table: AppRoute[] = [
  row('/user-manual', { category: 'manual', icon: Star }),
  row('/admin/users', { category: 'admin', tasks: ['SearchUsers'] }),
  row('/admin/users/:id', { category: 'admin', tasks: ['SearchUsers'] }),
  row('/admin/announcement', { category: 'admin', menu: false, tasks: ['ViewAuditLogs'] }),
  row('/admin/roles', { category: 'admin', tasks: ['ManageRoles'], menuOrder: -1 }),
  row('/account/profile/info', { category: 'account' }),
  row('/dashboard', { category: 'home' }),
  row('/account/login', { category: 'account', requiresAuth: false }),
  row('/security', { category: 'manual', guard: false }),
  row('/no-category'),
  { path: '/account/profile', redirectTo: '/account/profile/info' },
];

describe('menu built from the route table', () => {
  it('groups the routes the user may open by category, in the product order', () => {
    const menu = buildMenu(table, ['SearchUsers', 'ViewAuditLogs']);
    expect(menu.map((group) => [group.category, group.entries.map((entry) => entry.path)])).toEqual([
      ['home', ['/dashboard']],
      ['admin', ['/admin/users']],
      ['account', ['/account/profile/info']],
      ['manual', ['/user-manual']],
    ]);
    expect(menu.at(-1)?.entries[0]?.icon).toBe(Star);
  });

  it('leaves out routes without one of their tasks, detail pages, menu:false, signed-out and unguarded pages', () => {
    const paths = buildMenu(table, []).flatMap((group) => group.entries.map((entry) => entry.path));
    expect(paths).toEqual(['/dashboard', '/account/profile/info', '/user-manual']);
  });

  it('orders a category by menuOrder, then by the table', () => {
    const admin = buildMenu(table, ['SearchUsers', 'ManageRoles']).find((group) => group.category === 'admin');
    expect(admin?.entries.map((entry) => entry.path)).toEqual(['/admin/roles', '/admin/users']);
  });

  it('highlights the most specific entry for the page and the pages below it', () => {
    const menu = buildMenu([row('/admin', { category: 'admin' }), row('/admin/users', { category: 'admin' })], []);
    expect(activeEntryPath(menu, '/en/admin/users/7')).toBe('/admin/users');
    expect(activeEntryPath(menu, '/zh/admin')).toBe('/admin');
    expect(activeEntryPath(menu, '/en/other')).toBeUndefined();
  });
});
