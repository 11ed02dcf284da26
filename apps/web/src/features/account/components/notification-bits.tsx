import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { SEVERITY_COLORS } from '@strata/shared';
import { useTranslation } from 'react-i18next';

const SEVERITY_KEYS = {
  1: 'notifications.severity.1',
  2: 'notifications.severity.2',
  3: 'notifications.severity.3',
  4: 'notifications.severity.4',
} as const;

function isSeverity(value: number): value is 1 | 2 | 3 | 4 {
  return value in SEVERITY_COLORS;
}

/** The severity as its colour (spec §9: 1 light blue, 2 orange, 3 red, 4 dark red) and its name. */
export function SeverityChip({ severity }: { severity: number }) {
  const { t } = useTranslation();
  const known = isSeverity(severity);
  return (
    <Chip
      size="small"
      variant="outlined"
      label={known ? t(SEVERITY_KEYS[severity]) : String(severity)}
      icon={
        <Box
          component="span"
          aria-hidden
          sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: known ? SEVERITY_COLORS[severity] : 'grey.500', ml: '6px !important' }}
        />
      }
    />
  );
}

export function useSeverityLabel() {
  const { t } = useTranslation();
  return (severity: number) => (isSeverity(severity) ? t(SEVERITY_KEYS[severity]) : String(severity));
}

type TypeKey = `notifications.type.${'security' | 'systemNotification' | 'alert' | 'comment' | 'fileCompleted'}`;

const TYPE_KEYS: Record<string, TypeKey> = {
  security: 'notifications.type.security',
  systemNotification: 'notifications.type.systemNotification',
  alert: 'notifications.type.alert',
  comment: 'notifications.type.comment',
  fileCompleted: 'notifications.type.fileCompleted',
};

/** Notification types the server is known to send; others show as they are. */
export const KNOWN_TYPES = Object.keys(TYPE_KEYS);

export function useTypeLabel() {
  const { t } = useTranslation();
  return (type: string) => {
    const key = TYPE_KEYS[type];
    return key ? t(key) : type;
  };
}
