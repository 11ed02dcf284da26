import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/display-time';
import { MESSAGES, ZPutAnnouncementRequest } from '@strata/shared';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppDateTimePicker } from '../../../components/date-time';
import { useDialog, useToast } from '../../../components/feedback';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { translateMessage } from '../../../lib/i18n';
import { errorText } from '../../../lib/error-text';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useClearAnnouncement, useCurrentAnnouncement, usePutAnnouncement } from './api';

const ZAnnouncementForm = z
  .object({
    // Title and message as the API checks them (shared `ZPutAnnouncementRequest`, its limits).
    title: ZPutAnnouncementRequest.shape.title,
    message: ZPutAnnouncementRequest.shape.message,
    // As the date pickers give them: the start required, the end optional.
    starts_at: z.string().min(1),
    ends_at: z.string(),
  })
  .refine((v) => !v.ends_at || !v.starts_at || Date.parse(v.ends_at) > Date.parse(v.starts_at), {
    path: ['ends_at'],
    message: MESSAGES.endAfterStart,
  });
type AnnouncementForm = z.input<typeof ZAnnouncementForm>;

function Current() {
  const { t } = useTranslation();
  const confirm = useDialog();
  const toast = useToast();
  const query = useCurrentAnnouncement();
  const clear = useClearAnnouncement();
  const onClear = async () => {
    const ok = await confirm({ prompt: t('admin.announcement.confirmClear'), positive: t('admin.announcement.clear'), negative: t('admin.common.cancel') });
    if (ok !== true) return;
    try {
      const result = await clear.mutateAsync();
      toast({ color: 'success', message: t('admin.announcement.cleared', { count: result.cleared }) });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };
  const current = query.data;
  return (
    <Section
      title={t('admin.announcement.current')}
      action={
        <Button color="error" startIcon={<Delete />} onClick={() => void onClear()} disabled={clear.isPending}>
          {t('admin.announcement.clear')}
        </Button>
      }
    >
      {query.error ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Loading />
      ) : current ? (
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {current.title}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{current.message}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('admin.announcement.from')} {formatDateTime(current.starts_at)} · {t('admin.announcement.to')}{' '}
            {current.ends_at ? formatDateTime(current.ends_at) : t('admin.announcement.noEnd')}
          </Typography>
        </Stack>
      ) : (
        <Typography color="text.secondary">{t('admin.announcement.none')}</Typography>
      )}
    </Section>
  );
}

/** `/admin/announcement` (ManageSystemSettings): write, schedule (from/to) and clear the one-time announcement. */
export function AnnouncementPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const put = usePutAnnouncement();
  const form = useSafeForm<AnnouncementForm>({
    schema: ZAnnouncementForm,
    defaultValues: { title: '', message: '', starts_at: new Date().toISOString(), ends_at: '' },
  });
  const onSubmit = async (values: AnnouncementForm) => {
    await put.mutateAsync({
      title: values.title.trim(),
      message: values.message.trim(),
      starts_at: values.starts_at,
      ends_at: values.ends_at || null,
    });
    toast({ color: 'success', message: t('admin.announcement.published') });
    form.reset({ title: '', message: '', starts_at: new Date().toISOString(), ends_at: '' });
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      <Current />
      <SafeForm form={form} onSubmit={onSubmit} autoFocus={false} aria-label={t('admin.announcement.write')}>
        <Section title={t('admin.announcement.write')} subheader={t('admin.announcement.writeText')}>
          <Stack spacing={2}>
            <SafeTextField
              name="title"
              label={t('admin.announcement.title')}
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: ZPutAnnouncementRequest.shape.title.maxLength } }}
            />
            <SafeTextField name="message" label={t('admin.announcement.message')} required fullWidth multiline minRows={4} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {(['starts_at', 'ends_at'] as const).map((name) => (
                <Controller
                  key={name}
                  name={name}
                  control={form.control}
                  render={({ field, fieldState }) => (
                    <AppDateTimePicker
                      label={t(name === 'starts_at' ? 'admin.announcement.startsAt' : 'admin.announcement.endsAt')}
                      value={field.value || null}
                      onChange={(value) => field.onChange(value ?? '')}
                      required={name === 'starts_at'}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
                      fullWidth
                    />
                  )}
                />
              ))}
            </Stack>
          </Stack>
        </Section>
        <Stack direction="row">
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('admin.announcement.publish')}
          </Button>
        </Stack>
      </SafeForm>
    </Stack>
  );
}
