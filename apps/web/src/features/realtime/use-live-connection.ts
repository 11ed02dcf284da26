import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TIMEZONE, type TNotificationPayload } from '@strata/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useToast, type ToastOptions } from '../../components/feedback';
import { getAccessToken } from '../../lib/auth-store';
import { getConfigQueryOptions } from '../../lib/config';
import { translateServerMessage } from '../../lib/i18n';
import { markStaleIfConcerned } from '../../lib/data-topics';
import { LiveConnection, liveEvents, liveStore } from '../../lib/live-connection';

const SEVERITY_TOAST: Record<number, string> = { 1: 'info', 2: 'warning', 3: 'error', 4: 'error' };

/**
 * Toast options for a notification (spec §4): its message in the reader's language (times in `timeZone`), the
 * severity colour; a link gives an Open action and 7 s on screen.
 */
export function toastFor(
  n: Pick<TNotificationPayload, 'message' | 'message_key' | 'message_params' | 'severity' | 'link_uri'>,
  open: (link: string) => void,
  timeZone: string = DEFAULT_TIMEZONE,
): ToastOptions {
  const color = SEVERITY_TOAST[n.severity] ?? 'info';
  const message = translateServerMessage(n, timeZone);
  return n.link_uri ? { message, color, actionCb: () => open(n.link_uri!) } : { message, color };
}

export interface LiveConnectionOptions {
  /** Signed in and synced. */
  enabled: boolean;
  /** The unread count from `/sync`, until the socket says otherwise. */
  initialUnread: number | undefined;
  /** `requireSync`: profile, permissions and contracts load again. */
  onRequireSync: () => void;
}

/** Keeps the live connection open while signed in and turns its events into what the user sees. */
export function useLiveConnection({ enabled, initialUnread, onRequireSync }: LiveConnectionOptions): void {
  const toast = useToast();
  const client = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (initialUnread !== undefined) liveStore.setState({ unread: initialUnread });
  }, [initialUnread]);

  useEffect(() => {
    if (!enabled) return;
    const connection = new LiveConnection(getAccessToken);
    connection.start();
    return () => connection.stop();
  }, [enabled]);

  useEffect(() => {
    const open = (link: string) => {
      if (link.startsWith('/')) navigate(link);
      else window.open(link, '_blank', 'noopener');
    };
    return liveEvents.on('notification', (n) => {
      switch (n.type) {
        case 'settingUpdated':
          void client.invalidateQueries({ queryKey: getConfigQueryOptions().queryKey });
          break;
        case 'requireSync':
          onRequireSync();
          break;
        case 'dataUpdated':
          markStaleIfConcerned(n.topic);
          break;
        case 'systemNotification':
        case 'fileCompleted':
        case 'comment':
        case 'alert':
          toast(toastFor(n, open, client.getQueryData(getConfigQueryOptions().queryKey)?.timezone));
          break;
      }
    });
  }, [client, navigate, onRequireSync, toast]);
}
