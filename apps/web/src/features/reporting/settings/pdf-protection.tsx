import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ENGINE_REPORT_TYPES, type TReportProtection, type TReportProtectionUpdate } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { KEEP, PasswordSetting, passwordValue, type PasswordDraft } from './password-setting';

/** One report type's PDF protection as the form holds it. */
export interface PdfRow {
  report_type: string;
  name: string;
  /** A password is stored (from GET). */
  passwordSet: boolean;
  /** Stored on the server (kept in the PUT even when everything is off, so clearing it is sent). */
  stored: boolean;
  password: PasswordDraft;
  no_print: boolean;
  no_copy: boolean;
}

/** A row per engine report type, with what is stored for it. */
export function pdfRowsOf(settings: TReportProtection): PdfRow[] {
  return ENGINE_REPORT_TYPES.map((x) => {
    const stored = settings.pdf.find((p) => p.report_type === x.code);
    return {
      report_type: x.code,
      name: x.name,
      passwordSet: stored?.open_password_set ?? false,
      stored: Boolean(stored),
      password: KEEP,
      no_print: stored?.no_print ?? false,
      no_copy: stored?.no_copy ?? false,
    };
  });
}

/** The PUT's `pdf`: the rows stored or protected now; each password left out (keep), null (clear) or the new one. */
export function pdfUpdateOf(rows: readonly PdfRow[]): TReportProtectionUpdate['pdf'] {
  return rows
    .filter((r) => r.stored || r.no_print || r.no_copy || passwordValue(r.password) !== undefined)
    .map((r) => {
      const password = passwordValue(r.password);
      return { report_type: r.report_type, no_print: r.no_print, no_copy: r.no_copy, ...(password === undefined ? {} : { open_password: password }) };
    });
}

export interface PdfProtectionProps {
  rows: readonly PdfRow[];
  onChange: (rows: PdfRow[]) => void;
  /** Errors below `pdf.` by index (`3.open_password`). */
  errors: Record<string, string>;
}

/** Per report type: its open password (set, change, clear), no printing, no copying. Cards that wrap on phones. */
export function PdfProtection({ rows, onChange, errors }: PdfProtectionProps) {
  const { t } = useTranslation();
  const set = (index: number, change: Partial<PdfRow>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const sent = pdfUpdateOf(rows);
  return (
    <Stack spacing={1} role="list" aria-label={t('customReports.settings.pdfRows')}>
      {rows.map((row, index) => {
        const at = sent.findIndex((p) => p.report_type === row.report_type);
        const error = at >= 0 ? (errors[`${at}.open_password`] ?? errors[String(at)]) : undefined;
        return (
          <Paper key={row.report_type} variant="outlined" role="listitem" aria-label={row.name} sx={{ p: 1.5 }}>
            <Box sx={{ display: 'grid', gap: 1, alignItems: 'center', gridTemplateColumns: { xs: '1fr', md: 'minmax(200px, 1fr) 2fr auto' } }}>
              <Typography variant="subtitle2">{row.name}</Typography>
              <PasswordSetting
                label={t('customReports.settings.openPasswordOf', { name: row.name })}
                isSet={row.passwordSet}
                value={row.password}
                onChange={(password) => set(index, { password })}
                error={error}
              />
              <Stack direction="row" spacing={1}>
                <FormControlLabel
                  control={<Checkbox size="small" checked={row.no_print} onChange={(e) => set(index, { no_print: e.target.checked })} />}
                  label={t('customReports.settings.noPrint')}
                />
                <FormControlLabel
                  control={<Checkbox size="small" checked={row.no_copy} onChange={(e) => set(index, { no_copy: e.target.checked })} />}
                  label={t('customReports.settings.noCopy')}
                />
              </Stack>
            </Box>
          </Paper>
        );
      })}
    </Stack>
  );
}
