import Check from '@mui/icons-material/Check';
import MoreVert from '@mui/icons-material/MoreVert';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { DEFAULT_TIMEZONE, type AxisRange, type ChartDisplay } from '@strata/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDateTimePicker } from '../date-time';
import { EXPORT_FORMATS, type ExportFormat } from './export';

/** An axis bound as its number field shows it. */
export function formatBound(value: number | null): string {
  return value === null ? '' : String(value);
}

/** What a number field holds as a bound: null when empty, NaN when unreadable. */
export function parseBound(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
}

interface BoundFieldProps {
  label: string;
  value: number | null;
  onCommit: (value: number | null) => void;
  disabled?: boolean;
}

/** One numeric axis bound; applied on Enter or when the field loses focus, refused (red) when it is not a number. */
function NumberBoundField({ label, value, onCommit, disabled }: BoundFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(formatBound(value));
  useEffect(() => setText(formatBound(value)), [value]);
  const parsed = parseBound(text);
  const invalid = Number.isNaN(parsed);
  const commit = () => {
    if (!invalid && parsed !== value) onCommit(parsed);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      disabled={disabled}
      error={invalid}
      helperText={invalid ? t('workspace.chart.notANumber') : undefined}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'decimal' } }}
      sx={{ width: 110 }}
    />
  );
}

/**
 * One time bound: the app's date-time field (DD/MM/YYYY HH:mm:ss, typed or picked) in the configured zone, never the
 * browser's native picker (its format and zone are the browser's); applied as soon as it holds a whole date-time.
 */
function TimeBoundField({ label, value, onCommit, disabled, timezone }: BoundFieldProps & { timezone: string }) {
  return (
    <Box sx={{ width: 230 }}>
      <AppDateTimePicker
        size="small"
        fullWidth
        label={label}
        value={value === null ? null : new Date(value).toISOString()}
        timezone={timezone}
        disabled={disabled}
        onChange={(iso) => {
          const next = iso === null ? null : Date.parse(iso);
          if (next !== value) onCommit(next);
        }}
      />
    </Box>
  );
}

export interface ChartToolbarProps {
  axis: AxisRange;
  onAxisChange: (axis: AxisRange) => void;
  /** Back to automatic bounds and no zoom. */
  onResetAxis: () => void;
  display: ChartDisplay;
  onDisplayChange: (display: ChartDisplay) => void;
  /** Absent: no export entries (e.g. without the Export Instrument Charts permission). */
  onExport?: (format: ExportFormat) => void;
  /** A time x axis shows date-time fields for Xmin/Xmax; a value axis numbers (spec §5). */
  xType?: 'time' | 'value';
  timezone?: string;
  disabled?: boolean;
}

const TOGGLES = [
  ['labels', 'workspace.chart.labels'],
  ['subtitle', 'workspace.chart.subtitle'],
  ['legend', 'workspace.chart.legends'],
  ['grid', 'workspace.chart.grid'],
  ['allLevels', 'workspace.chart.allLevels'],
] as const;

const EXPORT_LABELS = {
  png: 'workspace.chart.exportPng',
  jpg: 'workspace.chart.exportJpg',
  pdf: 'workspace.chart.exportPdf',
  svg: 'workspace.chart.exportSvg',
} as const satisfies Record<ExportFormat, string>;

/**
 * The chart toolbar (spec §2.15): reset axis, Xmin/Xmax/Ymin/Ymax, and a menu with the Labels, Subtitle, Legends and
 * Grid switches (and All levels: every threshold level, not only those near the data) and the PNG, JPG, PDF and SVG
 * exports. Xmin/Xmax are date-times (DD/MM/YYYY HH:mm:ss in the configured zone) on a time x axis and plain numbers on a
 * value axis (e.g. an inclinometer profile's displacement); Ymin/Ymax are always numbers (on a reversed axis too: Ymin
 * is then the top).
 */
export function ChartToolbar({
  axis,
  onAxisChange,
  onResetAxis,
  display,
  onDisplayChange,
  onExport,
  xType = 'time',
  timezone = DEFAULT_TIMEZONE,
  disabled,
}: ChartToolbarProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const time = xType === 'time';
  const field = (key: keyof AxisRange, label: string) => {
    const props = { label, value: axis[key], disabled, onCommit: (value: number | null) => onAxisChange({ ...axis, [key]: value }) };
    return time && key.startsWith('x') ? <TimeBoundField {...props} timezone={timezone} /> : <NumberBoundField {...props} />;
  };
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1 }}>
      <Button size="small" startIcon={<RestartAlt />} onClick={onResetAxis} disabled={disabled}>
        {t('workspace.chart.resetAxis')}
      </Button>
      {field('xMin', t('workspace.chart.xMin'))}
      {field('xMax', t('workspace.chart.xMax'))}
      {field('yMin', t('workspace.chart.yMin'))}
      {field('yMax', t('workspace.chart.yMax'))}
      <Tooltip title={t('workspace.chart.menu')}>
        <IconButton
          aria-label={t('workspace.chart.menu')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          disabled={disabled}
        >
          <MoreVert />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {TOGGLES.map(([key, label]) => (
          <MenuItem key={key} role="menuitemcheckbox" aria-checked={display[key]} onClick={() => onDisplayChange({ ...display, [key]: !display[key] })}>
            <ListItemIcon>{display[key] && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(label)}</ListItemText>
          </MenuItem>
        ))}
        {onExport && <Divider />}
        {onExport &&
          EXPORT_FORMATS.map((format) => (
            <MenuItem
              key={format}
              onClick={() => {
                setAnchor(null);
                onExport(format);
              }}
            >
              <ListItemText inset>{t(EXPORT_LABELS[format])}</ListItemText>
            </MenuItem>
          ))}
      </Menu>
    </Stack>
  );
}
