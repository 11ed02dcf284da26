import Check from '@mui/icons-material/Check';
import MoreVert from '@mui/icons-material/MoreVert';
import RestartAlt from '@mui/icons-material/RestartAlt';
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
import { DEFAULT_TIMEZONE } from '@strata/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../lib/dayjs';
import type { AxisRange, ChartDisplay } from './chart-option';
import { EXPORT_FORMATS, type ExportFormat } from './export';

const LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm';

/** An axis bound as the field shows it: a number, or on a time axis a local date-time in `timezone`. */
export function formatBound(value: number | null, time: boolean, timezone: string): string {
  if (value === null) return '';
  return time ? dayjs(value).tz(timezone).format(LOCAL_FORMAT) : String(value);
}

/** What the field holds as a bound: null when empty, NaN when unreadable. */
export function parseBound(text: string, time: boolean, timezone: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (time) {
    const day = dayjs.tz(trimmed, LOCAL_FORMAT, timezone);
    return day.isValid() ? day.valueOf() : NaN;
  }
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
}

interface BoundFieldProps {
  label: string;
  value: number | null;
  time: boolean;
  timezone: string;
  onCommit: (value: number | null) => void;
  disabled?: boolean;
}

/** One axis bound; applied on Enter or when the field loses focus, refused (red) when it is not a number. */
function BoundField({ label, value, time, timezone, onCommit, disabled }: BoundFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(formatBound(value, time, timezone));
  useEffect(() => setText(formatBound(value, time, timezone)), [value, time, timezone]);
  const parsed = parseBound(text, time, timezone);
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
      type={time ? 'datetime-local' : 'text'}
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
      slotProps={{ inputLabel: { shrink: true }, htmlInput: time ? {} : { inputMode: 'decimal' } }}
      sx={{ width: time ? 200 : 110 }}
    />
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
] as const;

const EXPORT_LABELS = {
  png: 'workspace.chart.exportPng',
  jpg: 'workspace.chart.exportJpg',
  pdf: 'workspace.chart.exportPdf',
  svg: 'workspace.chart.exportSvg',
} as const satisfies Record<ExportFormat, string>;

/**
 * The chart toolbar (spec §2.15): reset axis, Xmin/Xmax/Ymin/Ymax, and a menu with the Labels, Subtitle, Legends and
 * Grid switches and the PNG, JPG, PDF and SVG exports. Xmin/Xmax are date-times on a time x axis and plain numbers on a
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
  const field = (key: keyof AxisRange, label: string) => (
    <BoundField
      label={label}
      value={axis[key]}
      time={time && key.startsWith('x')}
      timezone={timezone}
      disabled={disabled}
      onCommit={(value) => onAxisChange({ ...axis, [key]: value })}
    />
  );
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
