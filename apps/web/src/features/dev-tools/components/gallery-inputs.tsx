import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DEFAULT_SETTINGS } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateRange, EMPTY_DATE_RANGE, type DateRangeValue } from '../../../components/date-range';
import { AppDatePicker, AppDateTimePicker } from '../../../components/date-time';
import { useToast } from '../../../components/feedback';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { UploadButton } from '../../../components/upload-button';
import { ApiError } from '../../../lib/api-client';
import { GallerySection } from './gallery-section';

function Shown({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
      {value ? `${value} (${formatDateTime(value)})` : t('devTools.inputs.empty')}
    </Typography>
  );
}

const ZSampleForm = z.object({
  reference: z.string().trim().min(1, 'devTools.form.referenceRequired'),
  remarks: z.string(),
  password: z.string(),
});

/** The safe form, with a switch that makes the "server" answer with field errors. */
function SampleForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const [serverErrors, setServerErrors] = useState(false);
  const form = useSafeForm({ schema: ZSampleForm, defaultValues: { reference: '', remarks: '', password: '' } });
  const submit = async (values: z.infer<typeof ZSampleForm>) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (serverErrors) {
      throw new ApiError(400, { reference: t('devTools.form.referenceTaken'), remarks: t('devTools.form.remarksRejected') }, '');
    }
    toast({ message: t('devTools.form.sent', { reference: values.reference }), color: 'success' });
  };
  return (
    <SafeForm form={form} onSubmit={submit} autoFocus={false} aria-label={t('devTools.form.title')}>
      <SafeTextField name="reference" label={t('devTools.form.reference')} required />
      <SafeTextField name="remarks" label={t('devTools.form.remarks')} multiline minRows={2} helperText={t('devTools.form.remarksHint')} />
      <SafeTextField name="password" type="password" label={t('devTools.form.password')} autoComplete="new-password" />
      <FormControlLabel
        control={<Switch checked={serverErrors} onChange={(event) => setServerErrors(event.target.checked)} />}
        label={t('devTools.form.simulateServer')}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {t('devTools.form.submit')}
        </Button>
      </Box>
    </SafeForm>
  );
}

export function GalleryInputs() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRangeValue>(EMPTY_DATE_RANGE);
  const [date, setDate] = useState<string | null>(null);
  const [dateTime, setDateTime] = useState<string | null>(new Date().toISOString());
  return (
    <>
      <GallerySection title={t('devTools.inputs.dateRange')}>
        <Stack spacing={1}>
          <DateRange value={range} onChange={setRange} />
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {JSON.stringify(range)}
          </Typography>
        </Stack>
      </GallerySection>
      <GallerySection title={t('devTools.inputs.pickers')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Stack spacing={1} sx={{ flex: 1 }}>
            <AppDatePicker label={t('devTools.inputs.date')} value={date} onChange={setDate} />
            <Shown value={date} />
          </Stack>
          <Stack spacing={1} sx={{ flex: 1 }}>
            <AppDateTimePicker label={t('devTools.inputs.dateTime')} value={dateTime} onChange={setDateTime} />
            <Shown value={dateTime} />
          </Stack>
        </Stack>
      </GallerySection>
      <GallerySection title={t('devTools.form.title')}>
        <SampleForm />
      </GallerySection>
      <GallerySection title={t('devTools.upload.title')}>
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {t('devTools.upload.hint')}
          </Typography>
          <UploadButton preview uploadType="document" settings={DEFAULT_SETTINGS} label={t('devTools.upload.button')} />
        </Stack>
      </GallerySection>
    </>
  );
}
