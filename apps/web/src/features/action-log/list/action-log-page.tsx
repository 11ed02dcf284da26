import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ACTION_CASE_CATEGORIES, type ActionCaseCategory } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { AppAlert } from '../../../components/feedback';
import { EmptyText } from '../../../components/query-states';
import { useSession } from '../../../lib/auth-store';
import { useGo, usePagePath } from '../../../lib/page-nav';
import { useCaseSummary } from '../api/cases';
import { useActionLogLive, useCaseContracts } from '../api/keys';
import { CasesTable } from '../components/cases-table';
import { CATEGORY_CASES, CATEGORY_LABELS } from '../components/labels';
import { OpenCaseDialog } from '../components/open-case-dialog';
import { actionLogPath } from '../paths';
import { canOpenCase, readableCategories } from '../tasks';

function isCategory(value: string | undefined): value is ActionCaseCategory {
  return (ACTION_CASE_CATEGORIES as readonly string[]).includes(value ?? '');
}

/**
 * `/alert/action/{category?}` (spec §2.6): the Log of Actions Taken with a tab per category the user may read —
 * breached instrument, scenario-based alert and damaged instrument cases — each a list with status and keyword
 * filters, and an "Open case" action for who may open cases of that category. Without a category: the first tab.
 */
export function ActionLogPage() {
  const { t } = useTranslation();
  const { category } = useParams();
  const go = useGo();
  const href = usePagePath();
  const permissions = useSession((state) => state.permissions);
  const readable = readableCategories(permissions);
  const contracts = useCaseContracts();
  const summary = useCaseSummary(contracts);
  const [picking, setPicking] = useState(false);
  useActionLogLive();

  if (readable.length === 0) return <EmptyText>{t('actionLog.list.noCategory')}</EmptyText>;
  if (category === undefined) return <Navigate to={href(actionLogPath(readable[0]!))} replace />;
  if (!isCategory(category)) return <AppAlert type="warning" message={t('actionLog.list.unknownCategory', { category })} />;
  if (!readable.includes(category)) return <AppAlert type="warning" message={t('actionLog.list.notYours')} />;

  const tabIndex = readable.indexOf(category);
  return (
    <Stack spacing={2}>
      <Tabs
        value={tabIndex}
        onChange={(_, next: number) => go(actionLogPath(readable[next]!))}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('actionLog.list.tabs')}
      >
        {readable.map((c, i) => {
          const open = summary.data?.open[c];
          return (
            <Tab
              key={c}
              value={i}
              id={`case-tab-${c}`}
              aria-controls="case-tab-panel"
              label={
                <Badge
                  color="warning"
                  badgeContent={open ?? 0}
                  max={999}
                  sx={{ '& .MuiBadge-badge': { right: -14 } }}
                  aria-label={open ? t('actionLog.list.openCount', { count: open }) : undefined}
                >
                  <span>{t(CATEGORY_LABELS[c])}</span>
                </Badge>
              }
              sx={{ pr: 3 }}
            />
          );
        })}
      </Tabs>
      <div role="tabpanel" id="case-tab-panel" aria-labelledby={`case-tab-${category}`}>
        <CasesTable
          key={category}
          categories={[category]}
          label={t(CATEGORY_CASES[category])}
          actions={
            canOpenCase(permissions, category) && (
              <Button variant="contained" startIcon={<AddCircleOutline />} onClick={() => setPicking(true)}>
                {t('actionLog.list.openCase')}
              </Button>
            )
          }
        />
      </div>
      <OpenCaseDialog open={picking} category={category} onClose={() => setPicking(false)} />
    </Stack>
  );
}
