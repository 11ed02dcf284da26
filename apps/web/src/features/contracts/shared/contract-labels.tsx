import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { CONTRACT_TYPE } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n';

/** The type bits in order: IM 2, Civil 4, SI 8. */
export const TYPE_BITS = [CONTRACT_TYPE.IM, CONTRACT_TYPE.Civil, CONTRACT_TYPE.SI] as const;

export const TYPE_KEYS: Record<(typeof TYPE_BITS)[number], TranslationKey> = {
  2: 'contractsAdmin.type.2',
  4: 'contractsAdmin.type.4',
  8: 'contractsAdmin.type.8',
};

/** A contract's type bits as small chips (IM, Civil, SI). */
export function TypeChips({ type }: { type: number }) {
  const { t } = useTranslation();
  const bits = TYPE_BITS.filter((bit) => (type & bit) !== 0);
  if (bits.length === 0) return <>{t('contractsAdmin.type.none')}</>;
  return (
    <Stack direction="row" spacing={0.5}>
      {bits.map((bit) => (
        <Chip key={bit} size="small" variant="outlined" label={t(TYPE_KEYS[bit])} />
      ))}
    </Stack>
  );
}

/** A `YYYY-MM-DD` date as DD/MM/YYYY (spec §5); empty stays empty. */
export function formatPlainDate(date: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** "DD/MM/YYYY – DD/MM/YYYY", one side, or "—". */
export function formatPeriod(start: string | null, end: string | null): string {
  const from = formatPlainDate(start);
  const to = formatPlainDate(end);
  if (!from && !to) return '—';
  return `${from || '…'} – ${to || '…'}`;
}
