import CheckCircle from '@mui/icons-material/CheckCircle';
import Info from '@mui/icons-material/Info';
import PriorityHigh from '@mui/icons-material/PriorityHigh';
import Warning from '@mui/icons-material/Warning';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export type AlertType = 'info' | 'success' | 'warning' | 'error';

/** The spec's icons (§3 Alert): info, check_circle, priority_high, warning. */
const ICONS = {
  info: Info,
  success: CheckCircle,
  warning: PriorityHigh,
  error: Warning,
} as const satisfies Record<AlertType, unknown>;

export interface AppAlertProps {
  type?: AlertType;
  message: ReactNode;
  title?: ReactNode;
  /** When given, the alert has a close button that calls it. */
  onClose?: () => void;
  /** A button or link at the end (e.g. Retry). */
  action?: ReactNode;
  sx?: SxProps<Theme>;
}

/** An alert on a screen (spec §3): info, success, warning or error, each with its icon. */
export function AppAlert({ type = 'info', message, title, onClose, action, sx }: AppAlertProps) {
  const Icon = ICONS[type];
  return (
    <Alert severity={type} icon={<Icon fontSize="inherit" />} onClose={onClose} action={action} sx={sx}>
      {title && <AlertTitle>{title}</AlertTitle>}
      {message}
    </Alert>
  );
}
