import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useConfig } from '../../../lib/config';
import {
  idlePolicy,
  idleState,
  isIdleStorageKey,
  isThrottled,
  noticeMinutes,
  readIdleTimes,
  shouldRefresh,
  writeIdleTimes,
  type IdleState,
} from '../../../lib/idle-session';
import { LOGOUT_PATH, localePath } from '../../../lib/paths';
import { systemStore } from '../../../lib/system-store';
import { useLang } from '../../../lib/use-lang';
import { saveLastUrl } from '../api/save-last-url';
import type { LoginState } from '../paths';

/** What counts as the user being there (spec §4 "Idle session"). */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

/**
 * The idle session watch of signed-in pages (spec §4, §8, §9). The timing is `lib/idle-session.ts`; this part
 * listens to activity, shares the times with the other tabs through localStorage (a storage event re-reads them,
 * so Cancel in one tab closes the notice in the others), shows the notice, and logs out.
 */
export function IdleSession() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const titleId = useId();
  const { data: config } = useConfig();
  const policy = useMemo(() => idlePolicy(config?.session_age), [config?.session_age]);
  const [state, setState] = useState<IdleState>({ phase: 'active', noticeAt: Number.POSITIVE_INFINITY });
  const [now, setNow] = useState(() => Date.now());
  const stateRef = useRef(state);
  const lastActivity = useRef(0);
  const loggedOut = useRef(false);
  const here = useRef('');
  here.current = `${pathname}${search}`;

  const expire = useCallback(() => {
    if (loggedOut.current) return;
    loggedOut.current = true;
    const loginState: LoginState = { notice: 'idle' };
    void navigate(localePath(lang, LOGOUT_PATH), { replace: true, state: loginState });
  }, [lang, navigate]);

  /** Re-reads the shared times and says where the session stands. */
  const evaluate = useCallback(() => {
    if (!systemStore.getState().authenticated || loggedOut.current) return;
    const at = Date.now();
    let times = readIdleTimes();
    if (!times) {
      times = { idleStart: at, refreshedAt: at };
      writeIdleTimes(times);
    }
    const next = idleState(policy, times, at);
    stateRef.current = next;
    setState(next);
    setNow(at);
    if (next.phase === 'expired') expire();
  }, [policy, expire]);

  /** "Idle refresh": the server hears that the user is there (spec §7: POST /last-url with the current page). */
  const refresh = useCallback((at: number) => {
    writeIdleTimes({ idleStart: at, refreshedAt: at });
    saveLastUrl(here.current).catch(() => undefined);
  }, []);

  // At start (and when the configured age arrives): a stored idle start older than the limit logs out at once.
  useEffect(() => {
    evaluate();
  }, [evaluate]);

  // The next moment something changes: the notice, or the logout.
  useEffect(() => {
    if (state.phase === 'expired') return undefined;
    const due = state.phase === 'active' ? state.noticeAt : state.logoutAt;
    if (!Number.isFinite(due)) return undefined;
    const timer = window.setTimeout(evaluate, Math.max(0, due - Date.now()) + 20);
    return () => window.clearTimeout(timer);
  }, [state, evaluate]);

  // The countdown bar of the notice.
  useEffect(() => {
    if (state.phase !== 'notice') return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [state.phase]);

  // Activity resets the shared idle start (throttled), and now and then tells the server. While the notice shows,
  // only Cancel keeps the session.
  useEffect(() => {
    const onActivity = () => {
      const at = Date.now();
      if (stateRef.current.phase !== 'active' || isThrottled(lastActivity.current, at)) return;
      if (!systemStore.getState().authenticated) return;
      lastActivity.current = at;
      const times = readIdleTimes();
      if (times && shouldRefresh(policy, times, at)) refresh(at);
      else writeIdleTimes({ idleStart: at });
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [policy, refresh]);

  // Another tab was active, cancelled the notice, or signed out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (isIdleStorageKey(event.key)) evaluate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [evaluate]);

  const cancel = () => {
    refresh(Date.now());
    evaluate();
  };

  const notice = state.phase === 'notice';
  const left = notice ? Math.max(0, state.logoutAt - now) : 0;

  return (
    <Dialog open={notice} onClose={cancel} aria-labelledby={titleId} slotProps={{ paper: { sx: { width: '100%', maxWidth: 420 } } }}>
      <DialogTitle id={titleId}>{t('idle.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('idle.notice', { minutes: noticeMinutes(policy) })}</DialogContentText>
        <LinearProgress variant="determinate" value={(left / policy.countdownMs) * 100} aria-label={t('idle.countdown')} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={cancel} autoFocus>
          {t('feedback.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
