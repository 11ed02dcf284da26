import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { TContractDetail } from '@strata/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { AppAlert } from '../../components/feedback';
import type { TranslationKey } from '../../lib/i18n';
import { useCan } from '../../lib/use-can';
import { useContract } from './api';
import { TypeChips } from './shared/contract-labels';
import { idOrUndefined, usePagePath } from '../../lib/page-nav';
import { isNotFound } from '../../lib/error-text';
import { LoadError, Loading } from '../../components/query-states';

export type ContractTab = 'information' | 'boundary' | 'users';

const TABS: { id: ContractTab; title: TranslationKey; suffix: string }[] = [
  { id: 'information', title: 'contractsAdmin.tab.information', suffix: '' },
  { id: 'boundary', title: 'contractsAdmin.tab.boundary', suffix: '/boundaries' },
  { id: 'users', title: 'contractsAdmin.tab.users', suffix: '/users' },
];

export interface ContractFrameProps {
  tab: ContractTab;
  /** The page's content; `contract` is undefined only on the Users tab for a user who may not read contracts. */
  render: (contract: TContractDetail | undefined, contractId: number) => ReactNode;
}

/**
 * `/contracts/management/{id}…`: the contract's number and title, its tabs Information, Boundary and Users (each tab
 * a route: the tab change is a route change), then the tab's content. Tabs show for the tasks they need.
 */
export function ContractFrame({ tab, render }: ContractFrameProps) {
  const { t } = useTranslation();
  const path = usePagePath();
  const id = idOrUndefined(useParams().contract_id);
  const canView = useCan('SearchContracts', 'VieworEditContracts');
  const canUsers = useCan('ManageProjectAssignment');
  const query = useContract(canView ? id : undefined);

  if (id === undefined || isNotFound(query.error)) return <AppAlert type="warning" message={t('contractsAdmin.message.notFound')} />;
  if (canView && query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (canView && !query.data) return <Loading />;
  const contract = query.data;
  const tabs = TABS.filter((item) => (item.id === 'users' ? canUsers : canView));

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100, minWidth: 0 }}>
      {contract && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="h5" component="h2" sx={{ wordBreak: 'break-word' }}>
            {contract.no}
          </Typography>
          <TypeChips type={contract.type} />
          {!contract.active && <Chip size="small" label={t('contractsAdmin.list.inactive')} />}
          <Typography color="text.secondary" sx={{ flexBasis: '100%' }}>
            {t('contractsAdmin.message.summary', { title: contract.title, users: contract.user_count, instruments: contract.instrument_count })}
          </Typography>
        </Stack>
      )}
      <Tabs
        value={tab}
        aria-label={t('contractsAdmin.tab.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((item) => (
          <Tab key={item.id} value={item.id} label={t(item.title)} component={RouterLink} to={path(`/contracts/management/${id}${item.suffix}`)} />
        ))}
      </Tabs>
      {render(contract, id)}
    </Stack>
  );
}
