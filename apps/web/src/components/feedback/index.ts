export { AppAlert, type AlertType, type AppAlertProps } from './app-alert';
export {
  DialogProvider,
  useDialog,
  type Confirm,
  type ConfirmOptions,
  type DialogContentComponent,
  type DialogContentLoader,
  type DialogContentProps,
} from './dialog';
export { isDialogOpen, useDialogOpen } from './dialog-state';
export { FeedbackProvider } from './feedback-provider';
export { ToastProvider, toastTimeout, useToast, type ShowToast, type ToastOptions, type ToastPosition } from './toast';
