import type { ReactNode } from 'react';
import { DialogProvider } from './dialog';
import { ToastProvider } from './toast';

/** Toasts and dialogs for the whole app: `useToast()`, `useDialog()`, `useDialogOpen()`. Mounted in app/providers. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <DialogProvider>{children}</DialogProvider>
    </ToastProvider>
  );
}
