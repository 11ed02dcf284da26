import CropFree from '@mui/icons-material/CropFree';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isPlaceableDrawing, MESSAGES, ZDrawingExtent, type TDrawingExtent } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../lib/dayjs';
import { translateMessage } from '../../lib/i18n';
import { AppAlert } from '../feedback/app-alert';
import { AppDatePicker } from '../date-time';

/** The four corner values as typed: Easting and Northing of the lower-left, then of the upper-right corner. */
export type Corners = [string, string, string, string];

/** A progress drawing's date (YYYY-MM-DD, null: none chosen) and place as the form holds them. */
export interface PlacementDraft {
  date: string | null;
  corners: Corners;
}

const NO_CORNERS: Corners = ['', '', '', ''];

/** The form's values for a date and a place (no place: four empty fields). */
export function draftOf(date: string | null, extent: readonly number[] | null): PlacementDraft {
  return { date, corners: extent && extent.length === 4 ? (extent.map((v) => String(v)) as Corners) : NO_CORNERS };
}

/** True for a file the map can show: a PNG or JPEG (by its type, else its name). */
export function isPlaceableFile(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return isPlaceableDrawing(file.type === 'image/jpg' ? 'image/jpeg' : file.type);
  return /\.(png|jpe?g)$/i.test(file.name);
}

export type PlacementRead = { ok: true; drawing_date: string; extent: TDrawingExtent | null } | { ok: false; field: 'date' | 'extent'; message: string };

/**
 * What the form gives, checked as the server checks it: the date (required here), and for a drawing the map can show
 * its place — four empty fields for none, else four numbers in order within SVY21 (`ZDrawingExtent`). A problem is a
 * sentence of the shared catalogue (`translateMessage` says it in the reader's language).
 */
export function readPlacement(draft: PlacementDraft, placeable: boolean): PlacementRead {
  if (!draft.date || !/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) return { ok: false, field: 'date', message: MESSAGES.drawingDateInvalid };
  if (!placeable) return { ok: true, drawing_date: draft.date, extent: null };
  const texts = draft.corners.map((c) => c.trim());
  if (texts.every((c) => c === '')) return { ok: true, drawing_date: draft.date, extent: null };
  const numbers = texts.map((c) => (c === '' ? Number.NaN : Number(c)));
  if (numbers.some((n) => !Number.isFinite(n))) return { ok: false, field: 'extent', message: MESSAGES.drawingExtentInvalid };
  const parsed = ZDrawingExtent.safeParse(numbers);
  if (!parsed.success) return { ok: false, field: 'extent', message: parsed.error.issues[0]?.message ?? MESSAGES.drawingExtentInvalid };
  return { ok: true, drawing_date: draft.date, extent: parsed.data };
}

const CORNER_LABELS = ['lowerLeftEasting', 'lowerLeftNorthing', 'upperRightEasting', 'upperRightNorthing'] as const;

export interface DrawingPlacementFieldsProps {
  draft: PlacementDraft;
  onChange: (draft: PlacementDraft) => void;
  /** False for a PDF or DXF: no place, a note says why. */
  placeable: boolean;
  /** The display zone: the date picker's. */
  timezone: string;
  /** The site's extent with a margin: "Use the site's extent" puts it in the four fields. */
  siteExtent: TDrawingExtent | null;
  /** The problem of `readPlacement`, shown under its field. */
  problem: { field: 'date' | 'extent'; message: string } | null;
  disabled?: boolean;
}

/**
 * A progress drawing's date and, for a PNG or JPEG, its place on the map: Easting and Northing (SVY21 m) of the
 * lower-left and upper-right corners the image is stretched over (decision 038). A PDF or DXF gets a note instead.
 */
export function DrawingPlacementFields({ draft, onChange, placeable, timezone, siteExtent, problem, disabled }: DrawingPlacementFieldsProps) {
  const { t } = useTranslation();
  const setCorner = (i: number, value: string) => {
    const corners = [...draft.corners] as Corners;
    corners[i] = value;
    onChange({ ...draft, corners });
  };
  return (
    <Stack spacing={2}>
      <AppDatePicker
        label={t('sites.drawing.date')}
        name="drawing_date"
        value={draft.date ? dayjs.tz(draft.date, timezone).toISOString() : null}
        onChange={(iso) => onChange({ ...draft, date: iso ? dayjs(iso).tz(timezone).format('YYYY-MM-DD') : null })}
        timezone={timezone}
        error={problem?.field === 'date'}
        helperText={problem?.field === 'date' ? translateMessage(problem.message) : t('sites.drawing.dateHint')}
        disabled={disabled}
        required
        fullWidth
        size="small"
      />
      {placeable ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
            {t('sites.drawing.placeTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('sites.drawing.placeHint')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
            {CORNER_LABELS.map((label, i) => (
              <TextField
                key={label}
                size="small"
                label={t(`sites.drawing.${label}`)}
                value={draft.corners[i]}
                onChange={(event) => setCorner(i, event.target.value)}
                error={problem?.field === 'extent'}
                disabled={disabled}
                slotProps={{ htmlInput: { inputMode: 'decimal', name: `extent-${i}` } }}
              />
            ))}
          </Box>
          {problem?.field === 'extent' && <FormHelperText error>{translateMessage(problem.message)}</FormHelperText>}
          {siteExtent && (
            <Button size="small" startIcon={<CropFree />} onClick={() => onChange(draftOf(draft.date, siteExtent))} disabled={disabled} sx={{ mt: 1 }}>
              {t('sites.drawing.useSiteExtent')}
            </Button>
          )}
        </Box>
      ) : (
        <AppAlert type="info" message={t('sites.drawing.notPlaceable')} />
      )}
    </Stack>
  );
}
