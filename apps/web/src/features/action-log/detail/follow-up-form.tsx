import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import Description from '@mui/icons-material/DescriptionOutlined';
import Image from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTION_CASE_RECORD_CATEGORY, ZAddActionEntryRequest, type TActionEntryFile, type TAttachmentKind } from '@strata/shared';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppDateTimePicker } from '../../../components/date-time';
import { useToast } from '../../../components/feedback';
import { UploadAttachmentDialog } from '../../../components/record-files';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { translateMessage } from '../../../lib/i18n';
import { useAddEntry } from '../api/cases';

/** What was done as the API checks it (shared `ZAddActionEntryRequest`, its limit); when, as the picker gives it (required). */
const ZFollowUpForm = ZAddActionEntryRequest.pick({ action: true }).extend({ done_at: z.string().min(1) });
type FollowUpForm = z.input<typeof ZFollowUpForm>;

export interface FollowUpFormProps {
  caseId: number;
  /** Files attached to the case but in no follow-up yet: offered for this one. */
  unlinked: readonly TActionEntryFile[];
  /** Time zone of the date picker. */
  timezone?: string;
}

/**
 * Add a follow-up: what was done, when (now unless told), and photos or documents sent through the shared upload
 * dialog to the case (tag `{ category: 'case', reference_id }`); the files of the follow-up are listed and can be
 * left out (they stay attached to the case).
 */
export function FollowUpForm({ caseId, unlinked, timezone }: FollowUpFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const add = useAddEntry(caseId);
  const [picked, setPicked] = useState<TActionEntryFile[]>(() => [...unlinked]);
  const [uploading, setUploading] = useState<TAttachmentKind | null>(null);
  const form = useSafeForm<FollowUpForm>({ schema: ZFollowUpForm, defaultValues: { action: '', done_at: new Date().toISOString() } });

  const onSubmit = async (values: FollowUpForm) => {
    await add.mutateAsync({ action: values.action.trim(), done_at: values.done_at, file_ids: picked.map((f) => f.file_id) });
    form.reset({ action: '', done_at: new Date().toISOString() });
    setPicked([]);
    toast({ color: 'success', message: t('actionLog.followUp.added') });
  };

  return (
    <>
      <SafeForm form={form} onSubmit={onSubmit} aria-label={t('actionLog.followUp.title')} autoFocus={false}>
        <SafeTextField
          name="action"
          label={t('actionLog.followUp.action')}
          required
          fullWidth
          multiline
          minRows={3}
          helperText={t('actionLog.followUp.actionHint')}
        />
        <Controller<FollowUpForm, 'done_at'>
          name="done_at"
          render={({ field, fieldState }) => (
            <AppDateTimePicker
              label={t('actionLog.followUp.doneAt')}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              timezone={timezone}
              required
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
              fullWidth
            />
          )}
        />
        <Stack spacing={1}>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<AddPhotoAlternateOutlined />} onClick={() => setUploading('photo')}>
              {t('actionLog.followUp.attachPhotos')}
            </Button>
            <Button variant="outlined" startIcon={<AttachFile />} onClick={() => setUploading('document')}>
              {t('actionLog.followUp.attachDocuments')}
            </Button>
          </Stack>
          {picked.length > 0 && (
            <Box component="ul" aria-label={t('actionLog.followUp.files')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {picked.map((f) => (
                <Box
                  component="li"
                  key={f.file_id}
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: 1, border: 1, borderColor: 'divider', borderRadius: 4, maxWidth: '100%' }}
                >
                  {f.kind === 'photo' ? <Image fontSize="small" color="action" /> : <Description fontSize="small" color="action" />}
                  <Typography variant="body2" noWrap title={f.file_name} sx={{ minWidth: 0 }}>
                    {f.file_name}
                  </Typography>
                  <IconButton
                    size="small"
                    aria-label={t('actionLog.followUp.leaveOut', { name: f.file_name })}
                    onClick={() => setPicked((list) => list.filter((x) => x.file_id !== f.file_id))}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                </Box>
              ))}
            </Box>
          )}
          {picked.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('actionLog.followUp.noFiles')}
            </Typography>
          )}
        </Stack>
        <Box>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('actionLog.followUp.submit')}
          </Button>
        </Box>
      </SafeForm>
      <UploadAttachmentDialog
        open={uploading !== null}
        kind={uploading ?? 'photo'}
        tag={{ category: ACTION_CASE_RECORD_CATEGORY, reference_id: caseId }}
        onClose={() => setUploading(null)}
        onUploaded={(stored) =>
          setPicked((list) => [
            ...list,
            ...stored
              .filter((s) => !list.some((f) => f.file_id === s.file_id))
              .map((s): TActionEntryFile => ({ file_id: s.file_id, kind: uploading ?? 'photo', file_name: s.file_name, size: s.size })),
          ])
        }
      />
    </>
  );
}
