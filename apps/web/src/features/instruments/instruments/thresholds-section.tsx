import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { thresholdOrderViolations, type TAlertLevel, type TInstrument, type TInstrumentType, type TThreshold } from '@strata/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useDialog, useToast } from '../../../components/feedback';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { useSaveThresholds, useThresholds } from '../api/instruments';
import { useAlertLevels } from '../api/options';
import { errorText } from '../../../lib/error-text';
import { AppLink } from '../../../components/app-link';
import { DECIMAL, numberText } from '../shared/numbers';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';

type Bound = 'lower' | 'upper';
type Cell = Record<Bound, string>;
/** `reading code` + NUL + `level code` -> the two values as typed. */
export type ThresholdGrid = Record<string, Cell>;

const keyOf = (readingCode: string, levelCode: string) => `${readingCode}\u0000${levelCode}`;
const EMPTY: Cell = { lower: '', upper: '' };

/** The grid of a set of thresholds (every reading code × level has a cell; missing ones are empty). */
export function gridOf(thresholds: readonly TThreshold[]): ThresholdGrid {
  const grid: ThresholdGrid = {};
  for (const t of thresholds) grid[keyOf(t.reading_code, t.level_code)] = { lower: numberText(t.lower), upper: numberText(t.upper) };
  return grid;
}

/** What is wrong with a cell, as an i18n key per bound and for the pair; empty when it is fine. */
export function cellErrors(cell: Cell): Partial<Record<Bound | 'pair', string>> {
  const errors: Partial<Record<Bound | 'pair', string>> = {};
  const lower = cell.lower.trim();
  const upper = cell.upper.trim();
  if (lower !== '' && !DECIMAL.test(lower)) errors.lower = 'instruments.thresholds.notNumber';
  if (upper !== '' && !DECIMAL.test(upper)) errors.upper = 'instruments.thresholds.notNumber';
  if (!errors.lower && !errors.upper && lower !== '' && upper !== '' && Number(lower) >= Number(upper)) {
    errors.pair = 'instruments.thresholds.lowerBelowUpper';
  }
  return errors;
}

/** The request body: every cell with a value, in reading code then level order. */
export function thresholdsOf(grid: ThresholdGrid, readingCodes: readonly string[], levels: readonly string[]): TThreshold[] {
  return readingCodes.flatMap((reading_code) =>
    levels.flatMap((level_code) => {
      const cell = grid[keyOf(reading_code, level_code)] ?? EMPTY;
      const lower = cell.lower.trim();
      const upper = cell.upper.trim();
      if (lower === '' && upper === '') return [];
      return [{ reading_code, level_code, lower: lower === '' ? null : Number(lower), upper: upper === '' ? null : Number(upper) }];
    }),
  );
}

/** A level's value out of order with a less severe level's (the shared rule), as the cell and bound it marks. */
export interface OrderError {
  key: string;
  bound: Bound;
  level: string;
  other: string;
  value: number;
  atLeast: boolean;
}

/** Cells whose value is out of order with a less severe level of the same reading code (CL ≤ AL ≤ PDL ≤ WSL above, mirrored below). */
export function orderErrors(thresholds: readonly TThreshold[], levels: readonly Pick<TAlertLevel, 'code' | 'severity'>[]): OrderError[] {
  const severity = new Map(levels.map((l) => [l.code.toUpperCase(), l.severity]));
  return thresholdOrderViolations(thresholds, (code) => severity.get(code)).map((v) => {
    const [more, less] = [thresholds[v.more]!, thresholds[v.less]!];
    return {
      key: keyOf(more.reading_code, more.level_code),
      bound: v.side,
      level: more.level_code,
      other: less.level_code,
      value: less[v.side]!,
      atLeast: v.side === 'upper',
    };
  });
}

/** The cells whose values differ between two grids, as "before → after" lines' parts. */
export function changesOf(before: ThresholdGrid, after: ThresholdGrid, readingCodes: readonly string[], levels: readonly string[]) {
  return readingCodes.flatMap((code) =>
    levels.flatMap((level) => {
      const [x, y] = [before[keyOf(code, level)] ?? EMPTY, after[keyOf(code, level)] ?? EMPTY];
      return (['lower', 'upper'] as const).flatMap((side) =>
        x[side].trim() === y[side].trim() ? [] : [{ code, level, side, before: x[side].trim(), after: y[side].trim() }],
      );
    }),
  );
}

function sameGrid(a: ThresholdGrid, b: ThresholdGrid, keys: readonly string[]): boolean {
  return keys.every((key) => {
    const x = a[key] ?? EMPTY;
    const y = b[key] ?? EMPTY;
    return x.lower.trim() === y.lower.trim() && x.upper.trim() === y.upper.trim();
  });
}

function LevelName({ level }: { level: TAlertLevel }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        aria-hidden
        data-color={level.color}
        sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: level.color, border: 1, borderColor: 'divider', flexShrink: 0 }}
      />
      {/* Phones show the code only (the name is its title); wider screens show both. */}
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {level.name}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({level.code})
        </Typography>
      </Box>
      <Box component="abbr" title={level.name} sx={{ display: { xs: 'inline', sm: 'none' }, textDecoration: 'none' }}>
        {level.code}
      </Box>
    </Stack>
  );
}

/** Tighter cells on phones, so a level and both values fit 390 px. */
const CELL = { px: { xs: 0.75, sm: 2 } } as const;

interface EditorProps {
  instrument: TInstrument;
  type: TInstrumentType;
  levels: readonly TAlertLevel[];
  saved: readonly TThreshold[];
}

function ThresholdEditor({ instrument, type, levels, saved }: EditorProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const save = useSaveThresholds(instrument.instrument_id);
  const initial = useMemo(() => gridOf(saved), [saved]);
  const [grid, setGrid] = useState<ThresholdGrid>(initial);
  /** The saved set the grid last started from: when the saved set changes, untouched cells follow it, typing stays. */
  const [base, setBase] = useState<ThresholdGrid>(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const codes = type.reading_codes.map((c) => c.code);
  const levelCodes = levels.map((l) => l.code);
  const keys = codes.flatMap((code) => levelCodes.map((level) => keyOf(code, level)));
  if (initial !== base) {
    // The thresholds were fetched again with other values (saved here or elsewhere): a grid nobody has typed in shows
    // them; what someone is typing is kept (the query keeps its data object when a refetch brings the same values).
    if (sameGrid(grid, base, keys)) setGrid(initial);
    setBase(initial);
  }
  const dirty = !sameGrid(grid, initial, keys);
  const cellsInvalid = keys.some((key) => Object.keys(cellErrors(grid[key] ?? EMPTY)).length > 0);
  // Levels out of order are only worth saying once every cell is a number.
  const outOfOrder = cellsInvalid ? [] : orderErrors(thresholdsOf(grid, codes, levelCodes), levels);
  const invalid = cellsInvalid || outOfOrder.length > 0;
  const orderText = (key: string, bound: Bound) => {
    const e = outOfOrder.find((o) => o.key === key && o.bound === bound);
    if (!e) return undefined;
    const side = t(bound === 'upper' ? 'instruments.thresholds.upper' : 'instruments.thresholds.lower');
    return t(e.atLeast ? 'instruments.thresholds.orderAtLeast' : 'instruments.thresholds.orderAtMost', {
      level: e.level,
      other: e.other,
      side,
      value: e.value,
    });
  };

  const change = (key: string, bound: Bound, value: string) => {
    setGrid((current) => ({ ...current, [key]: { ...(current[key] ?? EMPTY), [bound]: value } }));
    setServerErrors((current) => {
      if (!current[key]) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  };

  const onSave = async () => {
    setShowErrors(true);
    setGeneral(null);
    if (invalid) {
      setGeneral(t('instruments.thresholds.fixErrors'));
      return;
    }
    const thresholds = thresholdsOf(grid, codes, levelCodes);
    const changes = changesOf(initial, grid, codes, levelCodes);
    const none = t('instruments.thresholds.none');
    const ok = await confirm({
      title: t('instruments.thresholds.confirmTitle'),
      maxWidth: 440,
      prompt: (
        <>
          <Typography variant="body2">{t('instruments.thresholds.confirmPrompt', { name: instrument.name })}</Typography>
          <Box component="ul" sx={{ pl: 2.5, mb: 0 }}>
            {changes.map((c) => (
              <li key={`${c.code}-${c.level}-${c.side}`}>
                {t('instruments.thresholds.change', {
                  code: c.code,
                  level: c.level,
                  side: t(c.side === 'upper' ? 'instruments.thresholds.upper' : 'instruments.thresholds.lower'),
                  before: c.before || none,
                  after: c.after || none,
                })}
              </li>
            ))}
          </Box>
        </>
      ),
      positive: t('instruments.thresholds.save'),
      negative: t('instruments.common.cancel'),
    });
    if (ok !== true) return;
    try {
      const result = await save.mutateAsync({ thresholds });
      setGrid(gridOf(result.thresholds));
      setServerErrors({});
      setShowErrors(false);
      toast({ color: 'success', message: t('instruments.thresholds.saved', { name: instrument.name }) });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fields) {
        const byCell: Record<string, string> = {};
        const other: string[] = [];
        for (const [field, message] of Object.entries(fields)) {
          const match = /^thresholds\.(\d+)\./.exec(field);
          const row = match ? thresholds[Number(match[1])] : undefined;
          if (row) byCell[keyOf(row.reading_code, row.level_code)] = translateMessage(message);
          else other.push(translateMessage(message));
        }
        setServerErrors(byCell);
        setGeneral(other.length > 0 ? other.join(' ') : t('instruments.thresholds.fixErrors'));
      } else {
        setGeneral(errorText(error));
      }
    }
  };

  return (
    <Stack spacing={2}>
      {general && <AppAlert type="error" message={general} onClose={() => setGeneral(null)} />}
      {type.reading_codes.map((reading) => (
        <Box key={reading.reading_code_id} component="section" aria-label={t('instruments.thresholds.ofReading', { code: reading.code })}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {reading.code}{' '}
            <Typography component="span" color="text.secondary">
              — {reading.description}
              {reading.unit ? ` (${reading.unit})` : ''}
            </Typography>
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('instruments.thresholds.tableLabel', { code: reading.code })}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ ...CELL, fontWeight: 600, width: { sm: '40%' } }}>{t('instruments.thresholds.level')}</TableCell>
                  <TableCell sx={{ ...CELL, fontWeight: 600 }}>{t('instruments.thresholds.lower')}</TableCell>
                  <TableCell sx={{ ...CELL, fontWeight: 600 }}>{t('instruments.thresholds.upper')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {levels.map((level) => {
                  const key = keyOf(reading.code, level.code);
                  const cell = grid[key] ?? EMPTY;
                  const errors = showErrors || dirty ? cellErrors(cell) : {};
                  const pairError = errors.pair ? t(errors.pair as 'instruments.thresholds.lowerBelowUpper') : serverErrors[key];
                  const field = (bound: Bound) => {
                    const own = errors[bound]
                      ? t(errors[bound] as 'instruments.thresholds.notNumber')
                      : showErrors || dirty
                        ? orderText(key, bound)
                        : undefined;
                    return (
                      <TextField
                        size="small"
                        value={cell[bound]}
                        onChange={(event) => change(key, bound, event.target.value)}
                        error={Boolean(own || pairError)}
                        helperText={own ?? (bound === 'upper' ? pairError : undefined)}
                        slotProps={{
                          htmlInput: {
                            inputMode: 'decimal',
                            'aria-label': t(bound === 'lower' ? 'instruments.thresholds.lowerOf' : 'instruments.thresholds.upperOf', {
                              code: reading.code,
                              level: level.code,
                            }),
                          },
                        }}
                        sx={{ minWidth: 72, maxWidth: 180 }}
                        fullWidth
                      />
                    );
                  };
                  return (
                    <TableRow key={level.level_id}>
                      <TableCell sx={CELL}>
                        <LevelName level={level} />
                      </TableCell>
                      <TableCell sx={{ ...CELL, verticalAlign: 'top' }}>{field('lower')}</TableCell>
                      <TableCell sx={{ ...CELL, verticalAlign: 'top' }}>{field('upper')}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        </Box>
      ))}
      <Typography variant="body2" color="text.secondary">
        {t('instruments.thresholds.hint')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => void onSave()} disabled={save.isPending || !dirty}>
          {save.isPending ? t('instruments.common.saving') : t('instruments.thresholds.save')}
        </Button>
        <Button
          onClick={() => {
            setGrid(initial);
            setServerErrors({});
            setShowErrors(false);
            setGeneral(null);
          }}
          disabled={save.isPending || !dirty}
        >
          {t('instruments.thresholds.discard')}
        </Button>
      </Stack>
    </Stack>
  );
}

export interface ThresholdsSectionProps {
  instrument: TInstrument;
  /** The instrument's type (its reading codes); undefined when the type list does not hold it. */
  type: TInstrumentType | undefined;
}

/**
 * Thresholds of one instrument: per reading code of its type, a row per alert level (name, code, colour) with its
 * lower and upper values. Lower must be below upper; empty cells set nothing. Saved as the whole set.
 */
export function ThresholdsSection({ instrument, type }: ThresholdsSectionProps) {
  const { t } = useTranslation();
  const thresholds = useThresholds(instrument.instrument_id);
  const levels = useAlertLevels();

  let body;
  if (thresholds.error || levels.error) {
    body = (
      <LoadError
        error={thresholds.error ?? levels.error}
        onRetry={() => {
          void thresholds.refetch();
          void levels.refetch();
        }}
      />
    );
  } else if (!thresholds.data || !levels.data) {
    body = <Loading />;
  } else if (!type) {
    body = <EmptyText>{t('instruments.thresholds.typeUnknown')}</EmptyText>;
  } else if (levels.data.length === 0) {
    body = <EmptyText>{t('instruments.thresholds.noLevels')}</EmptyText>;
  } else if (type.reading_codes.length === 0) {
    body = (
      <EmptyText>
        {t('instruments.thresholds.noReadingCodes')}{' '}
        <AppLink to={`/master-data/instrument/type/${type.type_id}`}>{t('instruments.thresholds.editType', { type: type.name })}</AppLink>
      </EmptyText>
    );
  } else {
    body = (
      <ThresholdEditor
        key={`${instrument.instrument_id}-${type.type_id}`}
        instrument={instrument}
        type={type}
        levels={levels.data}
        saved={thresholds.data.thresholds}
      />
    );
  }

  return (
    <Section title={t('instruments.thresholds.title')} subheader={type ? `${type.name} (${type.code})` : undefined}>
      {body}
    </Section>
  );
}
