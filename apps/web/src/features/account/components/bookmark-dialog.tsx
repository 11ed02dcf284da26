import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { BOOKMARK_LIMITS, ZBookmarkRequest, type TBookmark, type TBookmarkRequest } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import type { DialogContentProps } from '../../../components/feedback';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { createBookmark } from '../api/create-bookmark';
import { updateBookmark } from '../api/update-bookmark';

export interface BookmarkDialogParams {
  /** The name offered (the page title, or the bookmark's name when renaming). */
  name: string;
  /** The page: a path below the language prefix, with its query string. */
  path: string;
  /** Renaming this bookmark rather than adding one. */
  bookmark?: TBookmark;
}

/** The name as the API checks it (shared `ZBookmarkRequest`, its limit). */
const ZNameForm = ZBookmarkRequest.pick({ name: true });

/** Asks for the bookmark's name and saves it (POST /bookmarks, or PUT when renaming); resolves with the bookmark. */
export default function BookmarkDialog({ params, resolve, cancel, labels }: DialogContentProps<BookmarkDialogParams, TBookmark>) {
  const { t } = useTranslation();
  const form = useSafeForm<z.input<typeof ZNameForm>>({
    schema: ZNameForm,
    defaultValues: { name: params.name.slice(0, BOOKMARK_LIMITS.name) },
  });
  return (
    <DialogContent>
      <SafeForm
        form={form}
        aria-label={t('bookmark.title')}
        onSubmit={async (values) => {
          const body: TBookmarkRequest = { name: values.name, path: params.path, icon: params.bookmark?.icon ?? null };
          resolve(params.bookmark ? await updateBookmark(params.bookmark.bookmark_id, body) : await createBookmark(body));
        }}
      >
        <SafeTextField name="name" label={t('bookmark.name')} helperText={params.path} fullWidth sx={{ mt: 1 }} />
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
