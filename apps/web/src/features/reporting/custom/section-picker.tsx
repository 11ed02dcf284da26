import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { moved, type ColumnPick, type SectionPick } from './sections';

interface RowProps {
  label: string;
  included: boolean;
  index: number;
  count: number;
  onInclude: (included: boolean) => void;
  onMove: (by: -1 | 1) => void;
  /** A column's row (smaller text than a section's). */
  dense?: boolean;
}

/** A tick with the item's label, and up/down buttons named after it ("Move Readings up"). */
function OrderRow({ label, included, index, count, onInclude, onMove, dense }: RowProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
      <FormControlLabel
        sx={{ flex: 1, minWidth: 0, mr: 0 }}
        control={<Checkbox size="small" checked={included} onChange={(event) => onInclude(event.target.checked)} />}
        label={
          <Typography variant={dense ? 'body2' : 'subtitle2'} component="span" sx={{ overflowWrap: 'anywhere' }}>
            {label}
          </Typography>
        }
      />
      <IconButton size="small" aria-label={t('customReports.sections.up', { name: label })} disabled={index === 0} onClick={() => onMove(-1)}>
        <ArrowUpward fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={t('customReports.sections.down', { name: label })} disabled={index === count - 1} onClick={() => onMove(1)}>
        <ArrowDownward fontSize="small" />
      </IconButton>
    </Stack>
  );
}

export interface SectionPickerProps {
  value: readonly SectionPick[];
  onChange: (next: SectionPick[]) => void;
  /** The sections' own error (`sections`), and those of one section by its index (`2.columns`). */
  errors: Record<string, string>;
}

/**
 * The report's sections from the catalog of the type: tick to include, up/down to order; per included section its
 * columns, ticked and ordered the same way.
 */
export function SectionPicker({ value, onChange, errors }: SectionPickerProps) {
  const { t } = useTranslation();
  const setSection = (index: number, change: Partial<SectionPick>) => onChange(value.map((s, i) => (i === index ? { ...s, ...change } : s)));
  const setColumns = (index: number, columns: ColumnPick[]) => setSection(index, { children: columns });

  return (
    <Stack spacing={1} role="group" aria-label={t('customReports.sections.label')}>
      {errors[''] && <FormHelperText error>{errors['']}</FormHelperText>}
      {value.map((section, index) => {
        const included = value.filter((s) => s.included);
        const position = included.indexOf(section);
        const error = errors[`${position}.columns`] ?? errors[String(position)];
        return (
          <Paper key={section.key} variant="outlined" sx={{ p: 1 }} role="group" aria-label={section.label}>
            <OrderRow
              label={section.label}
              included={section.included}
              index={index}
              count={value.length}
              onInclude={(on) => setSection(index, { included: on })}
              onMove={(by) => onChange(moved(value, index, by))}
            />
            {section.included && section.children.length > 0 && (
              <Box sx={{ pl: { xs: 2, sm: 4 } }} role="group" aria-label={t('customReports.sections.columnsOf', { name: section.label })}>
                {section.children.map((column, ci) => (
                  <OrderRow
                    key={column.key}
                    dense
                    label={column.label}
                    included={column.included}
                    index={ci}
                    count={section.children.length}
                    onInclude={(on) =>
                      setColumns(
                        index,
                        section.children.map((c, i) => (i === ci ? { ...c, included: on } : c)),
                      )
                    }
                    onMove={(by) => setColumns(index, moved(section.children, ci, by))}
                  />
                ))}
                {error && <FormHelperText error>{error}</FormHelperText>}
              </Box>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
