import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TContract } from '@strata/shared';
import { useTranslation } from 'react-i18next';

export interface ProfileContractsProps {
  records: readonly TContract[];
  /** Ids the user chose as active in the contract toolbar. */
  selected: readonly number[];
}

/** The user's contracts: no as the title, the description under it, marked when selected or inactive. */
export function ProfileContracts({ records, selected }: ProfileContractsProps) {
  const { t } = useTranslation();
  if (records.length === 0) {
    return <Typography color="text.secondary">{t('messages.noData')}</Typography>;
  }
  return (
    <List disablePadding>
      {records.map((contract) => (
        <ListItem
          key={contract.contract_id}
          divider
          disableGutters
          secondaryAction={
            <Stack direction="row" spacing={1}>
              {selected.includes(contract.contract_id) && <Chip size="small" color="primary" label={t('profile.selected')} />}
              {!contract.active && <Chip size="small" variant="outlined" label={t('profile.inactive')} />}
            </Stack>
          }
        >
          <ListItemText primary={contract.no} secondary={contract.title} sx={{ pr: 16 }} />
        </ListItem>
      ))}
    </List>
  );
}
