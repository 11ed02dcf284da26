import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../../../test/render-widget';
import { PermissionPicker } from './permission-picker';

const GROUPS = [
  {
    group: 'Admin',
    permissions: [
      { permission_id: 2, code: 'ManageRoles', label: 'Manage Roles' },
      { permission_id: 3, code: 'SearchUsers', label: 'Search Users' },
      { permission_id: 9, code: 'ViewAuditLogs', label: 'View Audit Logs' },
    ],
  },
  {
    group: 'Dashboard',
    permissions: [
      { permission_id: 40, code: 'ViewManagementDashboard', label: 'View Management Dashboard' },
      { permission_id: 41, code: 'ViewOperationDashboard', label: 'View Operation Dashboard' },
    ],
  },
];

let last: string[] = [];
function Harness({ initial = [] as string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <PermissionPicker
      groups={GROUPS}
      value={value}
      onChange={(codes) => {
        last = codes;
        setValue(codes);
      }}
    />
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('PermissionPicker', () => {
  it('selects and clears a whole group with its select-all, which is indeterminate when partly selected', async () => {
    const { user } = renderWidget(<Harness initial={['SearchUsers']} />);
    const all = box('Select all in Admin');
    expect(all.checked).toBe(false);
    expect(all.getAttribute('data-indeterminate')).toBe('true');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();

    await user.click(all);
    expect(last).toEqual(['ManageRoles', 'SearchUsers', 'ViewAuditLogs']);
    expect(box('Select all in Admin').checked).toBe(true);
    expect(box('View Audit Logs').checked).toBe(true);
    expect(box('View Management Dashboard').checked).toBe(false);
    expect(screen.getByText('3 permissions selected')).toBeInTheDocument();

    await user.click(box('Select all in Admin'));
    expect(last).toEqual([]);
    expect(box('Manage Roles').checked).toBe(false);
  });

  it('narrows every group to the matches of the search; select-all then acts on what it shows', async () => {
    const { user } = renderWidget(<Harness initial={['ViewOperationDashboard']} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search permissions' }), 'view');
    // Admin shows only View Audit Logs; Search Users is hidden.
    expect(screen.queryByRole('checkbox', { name: 'Search Users' })).toBeNull();
    expect(box('View Audit Logs')).toBeInTheDocument();
    expect(box('View Management Dashboard')).toBeInTheDocument();

    await user.click(box('Select all in Admin'));
    expect(last).toEqual(['ViewAuditLogs', 'ViewOperationDashboard']);
    expect(box('Select all in Admin').checked).toBe(true);

    await user.click(box('Select all in Dashboard'));
    expect(last).toEqual(['ViewAuditLogs', 'ViewManagementDashboard', 'ViewOperationDashboard']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search permissions' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search permissions' }), 'no such thing');
    expect(screen.getByText('No permission matches the search.')).toBeInTheDocument();
  });

  it('shows a whole group when its name matches', async () => {
    const { user } = renderWidget(<Harness />);
    await user.type(screen.getByRole('searchbox', { name: 'Search permissions' }), 'dashb');
    const dashboard = screen.getByRole('group', { name: /Dashboard/ });
    expect(within(dashboard).getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.queryByRole('group', { name: /Admin/ })).toBeNull();
  });
});
