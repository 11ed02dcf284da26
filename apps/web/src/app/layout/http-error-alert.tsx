import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { isDialogOpen as isFeedbackDialogOpen } from '../../components/feedback';
import { getConfigQueryOptions } from '../../lib/config';
import { appEvents, type HttpErrorEvent } from '../../lib/events';
import { isDialogOpen, shouldShowHttpError } from '../../lib/http-error-rules';
import { translateMessage } from '../../lib/i18n';

/**
 * The error alert at the top of the active screen (spec §8): the body of an `http-error` the rules let through.
 * It belongs to the screen it came from: another page does not show it. Dismissible.
 */
export function HttpErrorAlert() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const current = useRef(pathname);
  const [shown, setShown] = useState<{ event: HttpErrorEvent; pathname: string } | null>(null);

  useEffect(() => {
    current.current = pathname;
  }, [pathname]);

  useEffect(
    () =>
      appEvents.on('http-error', (event) => {
        const config = queryClient.getQueryData(getConfigQueryOptions().queryKey);
        const dialogOpen = isFeedbackDialogOpen() || isDialogOpen();
        const context = { dialogOpen, tbmBaseUri: config?.tbm.base_uri, pathname: current.current };
        if (shouldShowHttpError(event, context)) setShown({ event, pathname: current.current });
      }),
    [queryClient],
  );

  if (!shown || shown.pathname !== pathname) return null;
  return (
    <Alert severity="error" onClose={() => setShown(null)} sx={{ mb: 2 }}>
      {translateMessage(shown.event.message)}
    </Alert>
  );
}
