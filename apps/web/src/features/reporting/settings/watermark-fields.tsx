import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WATERMARK_FIELDS, WATERMARK_POSITIONS, type WatermarkPosition } from '@strata/shared';
import { useTranslation } from 'react-i18next';

export interface WatermarkDraft {
  enabled: boolean;
  text: string;
  position: WatermarkPosition;
  opacity: number;
  attachments: boolean;
}

/** The watermark text with its fields filled ({user}, {time}, {contract}), as a PDF would show it. */
export function watermarkPreview(text: string, values: { user: string; time: string; contract: string }): string {
  return text.replaceAll('{user}', values.user).replaceAll('{time}', values.time).replaceAll('{contract}', values.contract);
}

export interface WatermarkFieldsProps {
  value: WatermarkDraft;
  onChange: (next: WatermarkDraft) => void;
  /** What the preview fills the fields with (the signed-in user, now, a contract of theirs). */
  sample: { user: string; time: string; contract: string };
  errors: Record<string, string>;
}

const PLACEMENT: Record<WatermarkPosition, object> = {
  diagonal: { top: '50%', left: '50%', transform: 'translate(-50%, -50%) rotate(-30deg)' },
  header: { top: 8, left: '50%', transform: 'translateX(-50%)' },
  footer: { bottom: 8, left: '50%', transform: 'translateX(-50%)' },
};

/** On/off, the text with its fields, position, opacity, also on attachments; a live preview of a page. */
export function WatermarkFields({ value, onChange, sample, errors }: WatermarkFieldsProps) {
  const { t } = useTranslation();
  const set = (change: Partial<WatermarkDraft>) => onChange({ ...value, ...change });
  const preview = watermarkPreview(value.text, sample);
  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={<Switch checked={value.enabled} onChange={(e) => set({ enabled: e.target.checked })} />}
        label={t('customReports.settings.watermarkOn')}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
        <Stack spacing={2}>
          <TextField
            size="small"
            label={t('customReports.settings.watermarkText')}
            value={value.text}
            onChange={(e) => set({ text: e.target.value })}
            error={Boolean(errors.watermark_text)}
            helperText={errors.watermark_text ?? t('customReports.settings.watermarkFields', { fields: WATERMARK_FIELDS.join(' ') })}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            select
            size="small"
            label={t('customReports.settings.position')}
            value={value.position}
            onChange={(e) => set({ position: e.target.value as WatermarkPosition })}
          >
            {WATERMARK_POSITIONS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`customReports.settings.positions.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Typography variant="body2" id="watermark-opacity">
              {t('customReports.settings.opacity', { percent: Math.round(value.opacity * 100) })}
            </Typography>
            <Slider
              aria-labelledby="watermark-opacity"
              min={0.05}
              max={1}
              step={0.05}
              value={value.opacity}
              onChange={(_, next) => set({ opacity: Array.isArray(next) ? next[0]! : next })}
              valueLabelDisplay="auto"
              valueLabelFormat={(v) => `${Math.round(v * 100)} %`}
            />
            {errors.watermark_opacity && (
              <Typography variant="caption" color="error">
                {errors.watermark_opacity}
              </Typography>
            )}
          </Box>
          <FormControlLabel
            control={<Switch checked={value.attachments} onChange={(e) => set({ attachments: e.target.checked })} />}
            label={t('customReports.settings.watermarkAttachments')}
          />
        </Stack>
        <Paper
          variant="outlined"
          role="img"
          aria-label={t('customReports.settings.preview', { text: preview })}
          sx={{ position: 'relative', minHeight: 180, overflow: 'hidden', bgcolor: 'background.default' }}
        >
          <Typography
            aria-hidden
            data-testid="watermark-preview"
            sx={{
              position: 'absolute',
              whiteSpace: 'nowrap',
              fontWeight: 600,
              color: 'text.primary',
              opacity: value.enabled ? value.opacity : 0.08,
              ...PLACEMENT[value.position],
            }}
          >
            {preview}
          </Typography>
        </Paper>
      </Box>
    </Stack>
  );
}
