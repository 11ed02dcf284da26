/** The account pages, below the language prefix. */
export const REGISTER_PATH = '/account/register';
export const FORGOT_PASSWORD_PATH = '/account/reset-password';
export const RESET_PASSWORD_PATH = '/reset-password';
export const ACTIVATION_PATH = '/activation';
export const SETUP_PASSWORD_PATH = '/setup-password';
export const PROFILE_PATH = '/account/profile/info';
export const SECURITY_PATH = '/account/profile/security';
export const NOTIFICATIONS_PATH = '/account/notification';
export const HOME_PATH = '/account/home';
export const PREFERENCE_PATH = '/account/preference';

/** What the login page is told by the page that sent the user there (router state). */
export type LoginNotice = 'passwordSet' | 'passwordReset' | 'passwordChanged' | 'idle';

export interface LoginState {
  notice?: LoginNotice;
  /** Fills "Your Login Name". */
  loginName?: string;
}

export function isLoginState(value: unknown): value is LoginState {
  return typeof value === 'object' && value !== null;
}
