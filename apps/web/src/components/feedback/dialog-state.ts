import { createStore, useStore } from '../../lib/create-store';

/** How many dialogs of the FeedbackProvider are open; the shell reads it to hold back error alerts (spec §8). */
export const dialogStateStore = createStore(() => ({ openDialogs: 0 }));

/** True while at least one dialog opened with `confirm()` is on screen. */
export function useDialogOpen(): boolean {
  return useStore(dialogStateStore, (state) => state.openDialogs > 0);
}

/** The same, for code outside React (an event handler deciding whether to show an alert). */
export function isDialogOpen(): boolean {
  return dialogStateStore.getState().openDialogs > 0;
}
