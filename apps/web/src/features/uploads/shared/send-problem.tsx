import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../components/feedback';
import { sendFailureText } from '../../../components/upload-button';
import { ApiError } from '../../../lib/api-client';

/** CSV or XLSX files (the server checks the content too). */
export const SHEET_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Why a file was not sent; `duplicate`: the server already has it (409) and it may be sent again with force. */
export type SendProblem = { message: string; duplicate: boolean };

/** A failed send (a 409 without field errors is the server refusing a file it already has). */
export const sendProblem = (error: unknown, fallback: string): SendProblem => ({
  message: sendFailureText(error, fallback),
  duplicate: error instanceof ApiError && !error.fieldErrors && error.status === 409,
});

/** A problem found before sending (the file is too large …). */
export const plainProblem = (message: string): SendProblem => ({ message, duplicate: false });

/** The problem of an upload dialog, with "Upload anyway" when the file was already uploaded. */
export function SendProblemAlert({ problem, onForce }: { problem: SendProblem | null; onForce: () => void }) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <AppAlert
      type="error"
      message={problem.message}
      action={
        problem.duplicate ? (
          <Button color="inherit" size="small" onClick={onForce}>
            {t('uploadPages.dialog.force')}
          </Button>
        ) : undefined
      }
    />
  );
}
