import type { HttpErrorEvent } from './events';
import { LOGIN_PATH, stripLanguage } from './paths';

/** Statuses the screens deal with themselves (spec §8). */
const SILENT_STATUSES = new Set([404, 455, 504]);

export interface HttpErrorContext {
  /** A dialog is open: its own content reports errors, the screen's alert stays quiet. */
  dialogOpen: boolean;
  /** The configured TBM base address; its 500 answers are ignored. */
  tbmBaseUri?: string | null | undefined;
  /** The page being shown. */
  pathname: string;
}

/**
 * Whether an `http-error` is shown as the screen's error alert (spec §8): a 400 with a string body, or a status
 * of 402 and above except 404, 455 and 504; not while a dialog is open; not a 500 from the TBM address; not on the
 * login page, whose form shows the same message itself.
 */
export function shouldShowHttpError(event: HttpErrorEvent, context: HttpErrorContext): boolean {
  const reportable = (event.status === 400 && typeof event.body === 'string') || (event.status >= 402 && !SILENT_STATUSES.has(event.status));
  if (!reportable || context.dialogOpen) return false;
  if (event.status === 500 && context.tbmBaseUri && event.url.startsWith(context.tbmBaseUri)) return false;
  return (stripLanguage(context.pathname).split(/[?#]/)[0] ?? '') !== LOGIN_PATH;
}

/** True while an MUI Dialog (or any element with a dialog role) is on the screen. */
export function isDialogOpen(root: ParentNode = document): boolean {
  return root.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}
