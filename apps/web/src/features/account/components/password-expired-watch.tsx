import { MESSAGES } from '@strata/shared';
import { useEffect, useRef } from 'react';
import { appEvents } from '../../../lib/events';
import { useAccountActions } from '../use-account-actions';

/**
 * A password that expires during a session (the setting was turned on, or time passed): the server answers 403
 * with the reason on everything but a few routes; the change-password dialog opens, and cannot be put off.
 */
export function PasswordExpiredWatch() {
  const { changePassword } = useAccountActions();
  const open = useRef(false);
  const latest = useRef(changePassword);
  latest.current = changePassword;
  useEffect(
    () =>
      appEvents.on('http-error', (event) => {
        if (event.status !== 403 || event.message !== MESSAGES.passwordExpired || open.current) return;
        open.current = true;
        void latest.current(true).finally(() => {
          open.current = false;
        });
      }),
    [],
  );
  return null;
}
