import Close from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar, { type SnackbarCloseReason, type SnackbarOrigin } from '@mui/material/Snackbar';
import { LIMITS } from '@strata/shared';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ToastPosition = 'top' | 'bottom' | 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** A toast (spec §3): every field but the message has the spec's default. */
export interface ToastOptions {
  message: string;
  /** Default `top` (centred). */
  position?: ToastPosition;
  /** Background: a palette name (`success`, `error`, `info`, `warning`, `primary`, `secondary`) or a CSS colour. */
  color?: string;
  /** Colour of the action button, the same way. */
  btnColor?: string;
  /** Milliseconds on screen. Default 3000; 7000 when the toast has an action (a link), unless given. */
  timeout?: number;
  /** Text of the action button; default "Open". */
  actionText?: string;
  /** With it, the toast shows an action button that runs it and closes the toast. */
  actionCb?: () => void;
}

export type ShowToast = (options: ToastOptions) => void;

interface ToastEntry extends ToastOptions {
  id: number;
}

const PALETTE = new Set(['primary', 'secondary', 'success', 'error', 'info', 'warning']);

const ORIGINS: Record<ToastPosition, SnackbarOrigin> = {
  top: { vertical: 'top', horizontal: 'center' },
  bottom: { vertical: 'bottom', horizontal: 'center' },
  'top-left': { vertical: 'top', horizontal: 'left' },
  'top-right': { vertical: 'top', horizontal: 'right' },
  'bottom-left': { vertical: 'bottom', horizontal: 'left' },
  'bottom-right': { vertical: 'bottom', horizontal: 'right' },
};

/** How long a toast stays: its own timeout, else 7 s with an action (a link) and 3 s without (spec §4, §9). */
export function toastTimeout(options: Pick<ToastOptions, 'timeout' | 'actionCb'>): number {
  return options.timeout ?? (options.actionCb ? LIMITS.toastLinkTimeoutMs : LIMITS.toastTimeoutMs);
}

const ToastContext = createContext<ShowToast | null>(null);

/**
 * The toast queue (spec §4): a toast shows at once when none is open; otherwise it waits, and the latest
 * waiting toast shows 1 s after the open one closes. "The latest" means one place: a newer toast replaces
 * an older one that is still waiting, which is never shown. While the 1 s gap runs, a new toast also
 * replaces the waiting one. A click elsewhere on the page does not close a toast (its timeout, its close
 * button, its action or Escape do).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<ToastEntry | null>(null);
  const [open, setOpen] = useState(false);
  const openRef = useRef(false);
  const waiting = useRef<ToastEntry | null>(null);
  const gapTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const nextId = useRef(1);

  const present = useCallback((entry: ToastEntry) => {
    openRef.current = true;
    setCurrent(entry);
    setOpen(true);
  }, []);

  const toast = useCallback<ShowToast>(
    (options) => {
      const entry = { ...options, id: nextId.current++ };
      if (openRef.current || gapTimer.current !== undefined) waiting.current = entry;
      else present(entry);
    },
    [present],
  );

  const close = useCallback(() => {
    if (!openRef.current) return;
    openRef.current = false;
    setOpen(false);
    if (waiting.current && gapTimer.current === undefined) {
      gapTimer.current = setTimeout(() => {
        gapTimer.current = undefined;
        const next = waiting.current;
        waiting.current = null;
        if (next) present(next);
      }, LIMITS.toastReopenDelayMs);
    }
  }, [present]);

  useEffect(() => () => clearTimeout(gapTimer.current), []);

  const onClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') close();
  };

  const paint = (value: string | undefined, part: 'main' | 'contrastText') =>
    value === undefined ? undefined : PALETTE.has(value) ? `${value}.${part}` : value;

  return (
    <ToastContext.Provider value={toast}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open={open}
          anchorOrigin={ORIGINS[current.position ?? 'top']}
          autoHideDuration={toastTimeout(current)}
          onClose={onClose}
          message={current.message}
          slotProps={{
            content: {
              sx: {
                bgcolor: paint(current.color, 'main'),
                color: current.color && PALETTE.has(current.color) ? paint(current.color, 'contrastText') : undefined,
              },
            },
          }}
          action={
            <>
              {current.actionCb && (
                <Button
                  size="small"
                  sx={{ color: paint(current.btnColor, 'main') ?? 'inherit', fontWeight: 700 }}
                  onClick={() => {
                    current.actionCb?.();
                    close();
                  }}
                >
                  {current.actionText ?? t('feedback.open')}
                </Button>
              )}
              <IconButton size="small" color="inherit" aria-label={t('feedback.close')} onClick={close}>
                <Close fontSize="small" />
              </IconButton>
            </>
          }
        />
      )}
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast({ message: 'Saved', color: 'success' })`. Needs the FeedbackProvider. */
export function useToast(): ShowToast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast() needs a <FeedbackProvider> above it');
  return toast;
}
