import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

interface EditorButtonsProps {
  /** Delete is offered (an existing record). */
  canDelete: boolean;
  onDelete: () => Promise<void>;
  deleting: boolean;
  saving: boolean;
}

/** The foot of an editor form: Delete (for an existing record) and Save (submits the form). */
export function EditorButtons({ canDelete, onDelete, deleting, saving }: EditorButtonsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      {canDelete && (
        <Button color="error" onClick={() => void onDelete()} disabled={deleting}>
          {t('alertRules.delete')}
        </Button>
      )}
      <Button type="submit" variant="contained" disabled={saving}>
        {t('alertRules.save')}
      </Button>
    </Stack>
  );
}
