import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRouteAction } from '../../../lib/route-actions';
import { useCan } from '../../../lib/use-can';
import { BulkUpload } from './bulk-upload';
import { PendingUsers } from './pending-users';

type TabId = 'pending' | 'upload';

/** `/admin/users/approve`: pending users (ApproveUserUpload) and the bulk user upload (BulkUserUpload), as tabs (`?tab=`). */
export function ApproveUsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const canApprove = useCan('ApproveUserUpload');
  const canUpload = useCan('BulkUserUpload');
  const tabs: TabId[] = [...(canApprove ? (['pending'] as const) : []), ...(canUpload ? (['upload'] as const) : [])];
  const asked = params.get('tab') === 'upload' ? 'upload' : 'pending';
  const tab: TabId = tabs.includes(asked) ? asked : (tabs[0] ?? 'pending');
  const select = (next: TabId) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('tab', next);
      return copy;
    });
  // The Upload and Filter actions of /upload/user-import (spec §2.12; the admin route declares none, so none shows there).
  const [searching, setSearching] = useState(false);
  useRouteAction('upload', () => select('upload'));
  useRouteAction('filter', () => {
    select('pending');
    setSearching((shown) => !shown);
  });

  return (
    <Stack spacing={2}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_e, value: TabId) => select(value)} variant="scrollable" allowScrollButtonsMobile>
          {canApprove && <Tab value="pending" label={t('admin.approve.pendingTab')} />}
          {canUpload && <Tab value="upload" label={t('admin.approve.uploadTab')} />}
        </Tabs>
      </Box>
      {tab === 'pending' && canApprove && <PendingUsers showSearch={searching} />}
      {tab === 'upload' && canUpload && <BulkUpload onStaged={() => select('pending')} />}
    </Stack>
  );
}
