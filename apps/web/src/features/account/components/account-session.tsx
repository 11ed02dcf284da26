import { IdleSession } from './idle-session';
import { PasswordExpiredWatch } from './password-expired-watch';

/** What watches a signed-in session besides the guard: the idle timer and an expiring password. */
export function AccountSession() {
  return (
    <>
      <IdleSession />
      <PasswordExpiredWatch />
    </>
  );
}
