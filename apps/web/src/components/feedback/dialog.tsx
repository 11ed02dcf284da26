import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { LIMITS } from '@strata/shared';
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { systemStore } from '../../lib/system-store';
import { dialogStateStore } from './dialog-state';

/** What custom dialog content receives: its params, and the two ways to end the dialog. */
export interface DialogContentProps<P = unknown, R = unknown> {
  params: P;
  /** Ends the dialog; `confirm()` resolves with this result. */
  resolve: (result: R) => void;
  /** Ends the dialog; `confirm()` resolves with false. */
  cancel: () => void;
  /** The dialog's button texts, for content that draws its own buttons. */
  labels: { positive: string; negative: string };
}

export type DialogContentComponent<P = unknown, R = unknown> = ComponentType<DialogContentProps<P, R>>;

/** A lazily loaded content component: `() => import('./my-form')` (default export) or any promise of one. */
export type DialogContentLoader<P = unknown, R = unknown> = () => Promise<{ default: DialogContentComponent<P, R> } | DialogContentComponent<P, R>>;

/** A dialog (spec §3); every field has the spec's default. */
export interface ConfirmOptions<P = unknown, R = never> {
  /** Default "Confirmation". */
  title?: string;
  prompt?: ReactNode;
  /** Default "OK"; resolves true. */
  positive?: string;
  /** Default "Cancel"; resolves false. `false` hides the button. */
  negative?: string | false;
  /** Clicking outside and Escape do not close it. */
  persistent?: boolean;
  /** Default 290 (px). */
  maxWidth?: number | string;
  fullscreen?: boolean;
  /**
   * Custom content, loaded when the dialog opens; it draws its own buttons and ends the dialog through
   * `resolve(result)` or `cancel()`. If it cannot be loaded, the page reloads (spec §8).
   */
  content?: DialogContentLoader<P, R>;
  params?: P;
}

export type Confirm = <R = never, P = unknown>(options: ConfirmOptions<P, R>) => Promise<boolean | R>;

interface DialogEntry {
  id: number;
  options: ConfirmOptions<unknown, unknown>;
  open: boolean;
  settle: (result: unknown) => void;
}

const loaded = new WeakMap<DialogContentLoader<unknown, unknown>, DialogContentComponent<unknown, unknown>>();

function pickComponent<P, R>(module: { default: DialogContentComponent<P, R> } | DialogContentComponent<P, R>): DialogContentComponent<P, R> {
  return typeof module === 'object' && 'default' in module ? module.default : module;
}

/** Reloads the page: new code was deployed and the old chunk is gone (spec §8). */
function reloadPage(): void {
  window.location.reload();
}

function LazyContent({ entry, loader, end }: { entry: DialogEntry; loader: DialogContentLoader<unknown, unknown>; end: (result: unknown) => void }) {
  const { t } = useTranslation();
  const [Component, setComponent] = useState(() => loaded.get(loader));
  const endRef = useRef(end);
  endRef.current = end;

  useEffect(() => {
    if (Component) return;
    let active = true;
    loader().then(
      (module) => {
        const component = pickComponent(module);
        loaded.set(loader, component);
        if (active) setComponent(() => component);
      },
      () => {
        if (!active) return;
        endRef.current(false);
        reloadPage();
      },
    );
    return () => {
      active = false;
    };
  }, [Component, loader]);

  if (!Component) {
    return (
      <DialogContent>
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      </DialogContent>
    );
  }
  const { positive, negative } = entry.options;
  return (
    <Component
      params={entry.options.params}
      resolve={end}
      cancel={() => end(false)}
      labels={{
        positive: positive ?? t('feedback.ok'),
        negative: negative === false || negative === undefined ? t('feedback.cancel') : negative,
      }}
    />
  );
}

function ConfirmDialog({ entry, end, onExited }: { entry: DialogEntry; end: (result: unknown) => void; onExited: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { options } = entry;
  const maxWidth = options.maxWidth ?? LIMITS.dialogMaxWidth;
  return (
    <Dialog
      open={entry.open}
      // Answered, it leaves the accessibility tree at once and the page under it comes back (focus, aria-hidden)
      // while it fades out: a second action on the page never reaches the closing dialog's buttons.
      closeAfterTransition={false}
      fullScreen={options.fullscreen}
      maxWidth={false}
      aria-labelledby={titleId}
      onClose={() => {
        if (!options.persistent) end(false);
      }}
      slotProps={{
        paper: { sx: options.fullscreen ? undefined : { width: '100%', maxWidth } },
        transition: { onExited },
      }}
    >
      <DialogTitle id={titleId}>{options.title ?? t('feedback.confirmation')}</DialogTitle>
      {options.content ? (
        <LazyContent entry={entry} loader={options.content} end={end} />
      ) : (
        <>
          {options.prompt !== undefined && (
            <DialogContent>{typeof options.prompt === 'string' ? <DialogContentText>{options.prompt}</DialogContentText> : options.prompt}</DialogContent>
          )}
          <DialogActions>
            {options.negative !== false && <Button onClick={() => end(false)}>{options.negative ?? t('feedback.cancel')}</Button>}
            <Button variant="contained" onClick={() => end(true)} autoFocus>
              {options.positive ?? t('feedback.ok')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

const DialogContext = createContext<Confirm | null>(null);

/**
 * Dialogs opened with `confirm()`: several may be open (a dialog's content may open another). Each resolves
 * once: true (positive), false (negative, outside click, Escape, sign-out) or the content's result. When the
 * user signs out (authenticated becomes false) every open dialog is cancelled (spec §4).
 */
export function DialogProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<readonly DialogEntry[]>([]);
  const live = useRef(new Map<number, DialogEntry>());
  const nextId = useRef(1);

  const publishCount = () => dialogStateStore.setState({ openDialogs: live.current.size });

  const end = useCallback((id: number, result: unknown) => {
    const entry = live.current.get(id);
    if (!entry) return;
    live.current.delete(id);
    publishCount();
    entry.settle(result);
    setEntries((list) => list.map((e) => (e.id === id ? { ...e, open: false } : e)));
  }, []);

  const confirm = useCallback<Confirm>(<R, P>(options: ConfirmOptions<P, R>) => {
    return new Promise<boolean | R>((resolve) => {
      const entry: DialogEntry = {
        id: nextId.current++,
        options: options as ConfirmOptions<unknown, unknown>,
        open: true,
        settle: resolve as (result: unknown) => void,
      };
      live.current.set(entry.id, entry);
      publishCount();
      setEntries((list) => [...list, entry]);
    });
  }, []);

  // Sign-out cancels every open dialog.
  useEffect(() => {
    let authenticated = systemStore.getState().authenticated;
    return systemStore.subscribe(() => {
      const now = systemStore.getState().authenticated;
      if (authenticated && !now) for (const id of [...live.current.keys()]) end(id, false);
      authenticated = now;
    });
  }, [end]);

  // A provider that goes away takes its dialogs with it.
  useEffect(() => {
    const open = live.current;
    return () => {
      for (const entry of open.values()) entry.settle(false);
      open.clear();
      dialogStateStore.setState({ openDialogs: 0 });
    };
  }, []);

  return (
    <DialogContext.Provider value={confirm}>
      {children}
      {entries.map((entry) => (
        <ConfirmDialog
          key={entry.id}
          entry={entry}
          end={(result) => end(entry.id, result)}
          onExited={() => setEntries((list) => list.filter((e) => e.id !== entry.id))}
        />
      ))}
    </DialogContext.Provider>
  );
}

/** `const confirm = useDialog(); if (await confirm({ prompt: 'Delete?' })) …`. Needs the FeedbackProvider. */
export function useDialog(): Confirm {
  const confirm = useContext(DialogContext);
  if (!confirm) throw new Error('useDialog() needs a <FeedbackProvider> above it');
  return confirm;
}
