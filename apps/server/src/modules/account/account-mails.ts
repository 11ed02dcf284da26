/** The mails of the account flows: plain text + HTML, naming the application, with absolute links (`/en/…`). */
import type { Config } from '../../config.js';
import { composeMail, publicLink, type MailMessage } from '../../platform/mail.js';

interface Recipient {
  loginName: string;
  fullname: string;
  email: string;
}

export function activationMail(config: Config, user: Recipient, token: string): MailMessage {
  return composeMail(config.appName, {
    to: user.email,
    subject: 'Activate your account',
    greeting: `Hello ${user.fullname},`,
    paragraphs: [
      `Your account on ${config.appName} (login name ${user.loginName}) has been approved.`,
      'Activate it and choose your password with the link below. The link is valid for 24 hours and works once.',
    ],
    action: { label: 'Activate your account', url: publicLink(config.publicUrl, 'activation', { token }) },
    after: ['If the link has expired, use "Forgot Password ?" on the sign-in page to receive a new one.'],
  });
}

export function rejectionMail(config: Config, user: Recipient, reason: string): MailMessage {
  return composeMail(config.appName, {
    to: user.email,
    subject: 'Your account request',
    greeting: `Hello ${user.fullname},`,
    paragraphs: [
      `Your request for an account on ${config.appName} (login name ${user.loginName}) was not approved.`,
      `Reason: ${reason}`,
      'You may send a new request with the corrected details.',
    ],
    action: { label: 'Request an account', url: publicLink(config.publicUrl, 'account/register') },
  });
}

export function resetMail(config: Config, user: Recipient & { hasPassword: boolean }, token: string): MailMessage {
  return composeMail(config.appName, {
    to: user.email,
    subject: user.hasPassword ? 'Reset your password' : 'Set your password',
    greeting: `Hello ${user.fullname},`,
    paragraphs: [
      `We received a request to ${user.hasPassword ? 'reset' : 'set'} the password of your account on ${config.appName} (login name ${user.loginName}).`,
      'Choose a new password with the link below. The link is valid for 1 hour and works once.',
    ],
    action: { label: 'Choose a new password', url: publicLink(config.publicUrl, 'reset-password', { token }) },
    after: ['If you did not ask for this, ignore this e-mail: your password stays as it is.'],
  });
}
