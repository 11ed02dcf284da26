/** What a comment's recipients receive: an e-mail (plain text + HTML) and a stored notification, both linking to the record. */
import type { TNotificationPayload } from '@strata/shared';
import { englishText, type MessageText } from '../../lib/server-messages.js';
import { composeMail, MAIL_LANGUAGE, publicLink, type MailMessage } from '../../platform/mail.js';
import type { RecordRef } from '../records/record-refs.js';

/** Longest excerpt of a comment in a notification. */
const EXCERPT = 200;

/** The absolute address of a page of the web app (`PUBLIC_URL/en/<path>`). */
export function recordLink(publicUrl: string, path: string): string {
  return publicLink(publicUrl, path);
}

export function commentMail(
  appName: string,
  m: { to: { fullname: string; email: string }; sender: string; record: Pick<RecordRef, 'title'>; comment: string; reply: boolean; url: string },
): MailMessage {
  return composeMail(appName, {
    to: m.to.email,
    subject: `${m.reply ? 'New reply' : 'New comment'} on ${m.record.title}`,
    greeting: `Hello ${m.to.fullname},`,
    paragraphs: [`${m.sender} ${m.reply ? 'replied to a comment' : 'commented'} on ${m.record.title} and sent it to you:`, m.comment],
    action: { label: `Open ${m.record.title}`, url: m.url },
  });
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= EXCERPT ? flat : `${flat.slice(0, EXCERPT - 1)}…`;
}

/** The stored notification; its link is a path of the web app with the language prefix, as other notifications. */
export function commentNotice(sender: string, record: Pick<RecordRef, 'title'>, comment: string, reply: boolean, path: string): TNotificationPayload {
  const text: MessageText = { key: reply ? 'comment.replied' : 'comment.commented', params: { sender, title: record.title, excerpt: excerpt(comment) } };
  return {
    type: 'comment',
    message: englishText(text),
    message_key: text.key,
    message_params: text.params,
    severity: 1,
    link_uri: `/${MAIL_LANGUAGE}${path}`,
  };
}
