import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PDF_PASSWORD_NOTICE, ZReportProtectionUpdate, type TReportProtection } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useToast } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useContractList } from '../../../lib/active-contracts';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/display-time';
import { errorText } from '../../../lib/error-text';
import { issuesToErrors, type FormErrors } from '../custom/shared';
import { reportSettingsKey, saveReportSettings, useReportSettings } from './api';
import { KEEP, PasswordSetting, passwordValue, type PasswordDraft } from './password-setting';
import { PdfProtection, pdfRowsOf, pdfUpdateOf, type PdfRow } from './pdf-protection';
import { WatermarkFields, type WatermarkDraft } from './watermark-fields';

const MB = 1_000_000;

/** The errors below `prefix.` keyed by the rest of their path. */
function below(errors: FormErrors, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (k.startsWith(`${prefix}.`) ? [[k.slice(prefix.length + 1), v]] : [])));
}

/** `/report/setting` (spec §2.8, Manage System Settings; the route's title is the page's): the settings once loaded. */
export function ReportSettingsPage() {
  const query = useReportSettings();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <SettingsForm key={query.data.updated ?? 'never'} settings={query.data} />
    </Box>
  );
}

/**
 * Report and Document Protection Setting: the watermark (with a preview), PDF protection per report type (with
 * PDF_PASSWORD_NOTICE verbatim), the XLSX sheet password, and the mailing of scheduled reports. Passwords are
 * write-only: "Set" or "Not set", a Change field (left out of the PUT when untouched) and Clear (sent as null).
 */
function SettingsForm({ settings }: { settings: TReportProtection }) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const profile = useSession((state) => state.profile);
  const { contracts, selected } = useContractList();
  const [watermark, setWatermark] = useState<WatermarkDraft>({
    enabled: settings.watermark_enabled,
    text: settings.watermark_text,
    position: settings.watermark_position,
    opacity: settings.watermark_opacity,
    attachments: settings.watermark_attachments,
  });
  const [pdf, setPdf] = useState<PdfRow[]>(() => pdfRowsOf(settings));
  const [xlsx, setXlsx] = useState<PasswordDraft>(KEEP);
  const [attachMb, setAttachMb] = useState(String(settings.mail_attach_max_bytes / MB));
  const [linkDays, setLinkDays] = useState(String(settings.mail_link_days));
  const [external, setExternal] = useState(settings.external_recipients);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const contract = contracts.find((c) => c.contract_id === selected[0]) ?? contracts[0];
  const sample = { user: profile?.fullname ?? '', time: formatDateTime(new Date()), contract: contract?.no ?? 'C101' };

  const save = async () => {
    setFailure(null);
    const parsed = ZReportProtectionUpdate.safeParse({
      watermark_enabled: watermark.enabled,
      watermark_text: watermark.text,
      watermark_position: watermark.position,
      watermark_opacity: watermark.opacity,
      watermark_attachments: watermark.attachments,
      pdf: pdfUpdateOf(pdf),
      ...(passwordValue(xlsx) === undefined ? {} : { xlsx_password: passwordValue(xlsx) }),
      mail_attach_max_bytes: attachMb.trim() === '' ? Number.NaN : Math.round(Number(attachMb) * MB),
      mail_link_days: linkDays.trim() === '' ? Number.NaN : Number(linkDays),
      external_recipients: external,
    });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await saveReportSettings(parsed.data);
      toast({ color: 'success', message: t('customReports.settings.saved') });
      await client.invalidateQueries({ queryKey: reportSettingsKey });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setErrors({ ...error.fieldErrors });
      else setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('customReports.settings.form')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack spacing={2}>
        {failure && <AppAlert type="error" message={failure} onClose={() => setFailure(null)} />}
        <Section title={t('customReports.settings.watermark')}>
          <WatermarkFields value={watermark} onChange={setWatermark} sample={sample} errors={errors} />
        </Section>
        <Section title={t('customReports.settings.pdf')}>
          <Stack spacing={1.5}>
            <Alert severity="info">{PDF_PASSWORD_NOTICE}</Alert>
            <PdfProtection rows={pdf} onChange={setPdf} errors={below(errors, 'pdf')} />
          </Stack>
        </Section>
        <Section title={t('customReports.settings.xlsx')}>
          <Stack spacing={1}>
            <Typography variant="body2" color="text.secondary">
              {t('customReports.settings.xlsxText')}
            </Typography>
            <PasswordSetting
              label={t('customReports.settings.xlsxPassword')}
              isSet={settings.xlsx_password_set}
              value={xlsx}
              onChange={setXlsx}
              error={errors.xlsx_password}
            />
          </Stack>
        </Section>
        <Section title={t('customReports.settings.mail')}>
          <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
            <TextField
              size="small"
              type="number"
              label={t('customReports.settings.attachMax')}
              value={attachMb}
              onChange={(e) => setAttachMb(e.target.value)}
              error={Boolean(errors.mail_attach_max_bytes)}
              helperText={errors.mail_attach_max_bytes ?? t('customReports.settings.attachMaxHint')}
              slotProps={{ htmlInput: { min: 0, max: 25, step: 0.5 } }}
            />
            <TextField
              size="small"
              type="number"
              label={t('customReports.settings.linkDays')}
              value={linkDays}
              onChange={(e) => setLinkDays(e.target.value)}
              error={Boolean(errors.mail_link_days)}
              helperText={errors.mail_link_days ?? t('customReports.settings.linkDaysHint')}
              slotProps={{ htmlInput: { min: 1, max: 30 } }}
            />
            <FormControlLabel
              control={<Switch checked={external} onChange={(e) => setExternal(e.target.checked)} />}
              label={t('customReports.settings.external')}
            />
          </Box>
        </Section>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" startIcon={<Save />} disabled={saving}>
            {t('customReports.common.save')}
          </Button>
          {settings.updated && (
            <Typography variant="body2" color="text.secondary">
              {t('customReports.settings.lastChange', { time: formatDateTime(settings.updated), name: settings.updated_by_name ?? '—' })}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
