import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { BOOKMARK_LIMITS, ZBookmarkRequest, type TBookmark } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import type { DialogContentProps } from '../../../components/feedback';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { createBookmark } from '../api/bookmarks';

export interface SaveViewParams {
  /** The name offered. */
  name: string;
  /** The view: a work-space path below the language prefix, with its query string. */
  path: string;
}

/** The name as the API checks it (shared `ZBookmarkRequest`, its limit). */
const ZNameForm = ZBookmarkRequest.pick({ name: true });

/** Asks for a name and saves the current view as a bookmark (POST /bookmarks); server errors show in the form. */
export default function SaveViewDialog({ params, resolve, cancel, labels }: DialogContentProps<SaveViewParams, TBookmark>) {
  const { t } = useTranslation();
  const form = useSafeForm<z.input<typeof ZNameForm>>({ schema: ZNameForm, defaultValues: { name: params.name.slice(0, BOOKMARK_LIMITS.name) } });
  return (
    <DialogContent>
      <SafeForm
        form={form}
        aria-label={t('workspace.bookmarks.save')}
        onSubmit={async (values) => resolve(await createBookmark({ name: values.name, path: params.path, icon: 'map' }))}
      >
        <SafeTextField name="name" label={t('workspace.bookmarks.name')} fullWidth sx={{ mt: 1 }} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={cancel} disabled={form.formState.isSubmitting}>
            {labels.negative}
          </Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {labels.positive}
          </Button>
        </Stack>
      </SafeForm>
    </DialogContent>
  );
}
