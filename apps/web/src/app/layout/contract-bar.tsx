import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractToolbar } from '../../components/contract-toolbar';
import { useToast } from '../../components/feedback';
import { dismissActiveContractsError, selectActiveContracts, useActiveContractsError, useContractList } from '../../lib/active-contracts';
import { APP_BAR_HEIGHT } from './use-drawer-layout';

/**
 * The shell's contract toolbar (spec §4 "Contract selection"), under the top bar on signed-in pages: the user
 * chooses which of their contracts are active (`clickable`, several at once). The choice is saved with
 * POST /filter-contracts and every contract-scoped query follows it (lib/active-contracts).
 */
export function ContractBar() {
  const { t } = useTranslation();
  const { contracts, selected } = useContractList();
  const error = useActiveContractsError();
  const toast = useToast();

  // A failed save: the server's answer as an error toast (spec §8); the choice has already been put back.
  useEffect(() => {
    if (!error) return;
    toast({ message: error, color: 'error' });
    dismissActiveContractsError();
  }, [error, toast]);

  if (contracts.length === 0) return null;
  return (
    // A landmark of its own, like the top bar, the menu and the page: nothing of the screen outside one (axe-core `region`).
    <Box
      component="section"
      aria-label={t('contracts.label')}
      sx={(theme) => ({
        position: 'sticky',
        top: APP_BAR_HEIGHT.xs,
        [theme.breakpoints.up('sm')]: { top: APP_BAR_HEIGHT.sm },
        zIndex: theme.zIndex.appBar - 1,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        minHeight: 48,
        px: { xs: 2, md: 3 },
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      })}
    >
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: { xs: 'none', sm: 'block' }, fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase' }}
      >
        {t('contracts.label')}
      </Typography>
      <ContractToolbar contracts={contracts} selected={selected} mode="clickable" onChange={selectActiveContracts} />
    </Box>
  );
}
