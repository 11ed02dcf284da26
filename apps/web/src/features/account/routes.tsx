import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import FilterList from '@mui/icons-material/FilterList';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { AppRoute } from '../../lib/route-meta';
import {
  ACTIVATION_PATH,
  FORGOT_PASSWORD_PATH,
  HOME_PATH,
  NOTIFICATIONS_PATH,
  PREFERENCE_PATH,
  PROFILE_PATH,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
  SECURITY_PATH,
  SETUP_PASSWORD_PATH,
} from './paths';

/** The account pages (spec §2 "Account"); the signed-out ones have `requiresAuth: false`. */
export const accountRoutes: readonly AppRoute[] = [
  {
    path: '/account/login',
    meta: { title: 'route.login', requiresAuth: false },
    lazy: () => import('./components/login-page').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: '/account/logout',
    meta: { title: 'route.logout', guard: false },
    lazy: () => import('./components/logout-page').then((m) => ({ Component: m.LogoutPage })),
  },
  {
    path: REGISTER_PATH,
    meta: { title: 'route.register', requiresAuth: false },
    lazy: () => import('./components/register-page').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: ACTIVATION_PATH,
    meta: { title: 'route.activation', requiresAuth: false },
    lazy: () => import('./components/activation-page').then((m) => ({ Component: m.ActivationPage })),
  },
  {
    path: SETUP_PASSWORD_PATH,
    meta: { title: 'route.setupPassword', requiresAuth: false },
    lazy: () => import('./components/setup-password-page').then((m) => ({ Component: m.SetupPasswordPage })),
  },
  {
    path: FORGOT_PASSWORD_PATH,
    meta: { title: 'route.forgotPassword', requiresAuth: false },
    lazy: () => import('./components/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: RESET_PASSWORD_PATH,
    meta: { title: 'route.resetPassword', requiresAuth: false },
    lazy: () => import('./components/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: HOME_PATH,
    meta: { title: 'route.home', category: 'account', icon: HomeOutlined, menuOrder: 1 },
    lazy: () => import('./components/home-page').then((m) => ({ Component: m.HomePage })),
  },
  { path: '/account/profile', redirectTo: PROFILE_PATH },
  {
    path: PROFILE_PATH,
    meta: { title: 'route.profileInfo', category: 'account', icon: AccountCircleOutlined, menuOrder: 2 },
    lazy: () => import('./components/profile-info-page').then((m) => ({ Component: m.ProfileInfoPage })),
  },
  {
    path: SECURITY_PATH,
    meta: { title: 'route.profileSecurity', category: 'account', icon: SecurityOutlined, menuOrder: 3 },
    lazy: () => import('./components/security-page').then((m) => ({ Component: m.SecurityPage })),
  },
  {
    path: NOTIFICATIONS_PATH,
    meta: {
      title: 'route.notifications',
      category: 'account',
      icon: NotificationsOutlined,
      menuOrder: 4,
      actions: [{ id: 'filter', title: 'notifications.filter', icon: FilterList, color: 'primary' }],
    },
    lazy: () => import('./components/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
  },
  {
    path: PREFERENCE_PATH,
    meta: { title: 'route.preference', category: 'account', icon: TuneOutlined, menuOrder: 5 },
    lazy: () => import('./components/preference-page').then((m) => ({ Component: m.PreferencePage })),
  },
];
