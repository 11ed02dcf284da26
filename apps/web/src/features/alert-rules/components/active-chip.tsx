import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Active or inactive, for a template, group or scenario. */
export function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(active ? 'alertRules.active' : 'alertRules.inactive')}
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
    />
  );
}
