import Close from '@mui/icons-material/Close';
import Draw from '@mui/icons-material/Draw';
import Timeline from '@mui/icons-material/Timeline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { TBoreholeListItem } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGo } from '../../../lib/page-nav';
import { boreholeKeys } from './api';
import { lineLength, parseBuffer, SECTION_DEFAULT_BUFFER, sectionPath, useSectionPick, type SectionMode } from './section-state';

/** Boreholes a section through picked ones needs at least. */
export const SECTION_MIN_PICKS = 2;

/** The borehole numbers known to the cached lists and map (for the picks' chips), by id. */
function useKnownNumbers(): (id: number) => string | undefined {
  const client = useQueryClient();
  return (id) => {
    for (const [, data] of client.getQueriesData<unknown>({ queryKey: boreholeKeys.all })) {
      const records = Array.isArray(data) ? data : (data as { records?: unknown } | undefined)?.records;
      if (!Array.isArray(records)) continue;
      const hit = (records as Partial<TBoreholeListItem>[]).find((r) => r?.borehole_id === id);
      if (hit?.borehole_no) return hit.borehole_no;
    }
    return undefined;
  };
}

function BufferInput({ buffer, onChange }: { buffer: number; onChange: (buffer: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(buffer));
  const value = parseBuffer(text);
  return (
    <TextField
      size="small"
      label={t('boreholes.section.buffer')}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const next = parseBuffer(event.target.value);
        if (next !== null) onChange(next);
      }}
      error={value === null}
      helperText={value === null ? t('boreholes.section.bufferRange') : undefined}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ width: 160 }}
    />
  );
}

/**
 * The SI Borehole List's Section mode (issue 18): pick boreholes (the list's checkboxes or clicks on the map, in
 * order) or draw a line on the map with a buffer, then "Show section". The choice is in the query string
 * (section-state.ts), so the map layer follows it and a reload keeps it.
 */
export function SectionControls() {
  const { t } = useTranslation();
  const go = useGo();
  const { pick, change } = useSectionPick();
  const numberOf = useKnownNumbers();

  if (pick.mode === null) {
    return (
      <Box>
        <Button size="small" variant="outlined" startIcon={<Timeline />} onClick={() => change({ mode: 'pick' })}>
          {t('boreholes.section.start')}
        </Button>
      </Box>
    );
  }

  const ready = pick.mode === 'pick' ? pick.ids.length >= SECTION_MIN_PICKS : pick.line !== null;
  const show = () => {
    if (pick.mode === 'pick') go(sectionPath({ ids: pick.ids }));
    else if (pick.line) go(sectionPath({ line: pick.line, buffer: pick.buffer }));
  };

  return (
    <Box
      component="section"
      aria-label={t('boreholes.section.mode')}
      sx={{ border: 1, borderColor: 'primary.main', borderRadius: 1, p: 1.5, display: 'grid', gap: 1.25 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={pick.mode}
          onChange={(_event, mode: SectionMode | null) => {
            if (mode) change({ mode });
          }}
          aria-label={t('boreholes.section.how')}
        >
          <ToggleButton value="pick">{t('boreholes.section.pick')}</ToggleButton>
          <ToggleButton value="line">{t('boreholes.section.line')}</ToggleButton>
        </ToggleButtonGroup>
        <IconButton
          size="small"
          aria-label={t('boreholes.section.close')}
          onClick={() => change({ mode: null, ids: [], line: null, buffer: SECTION_DEFAULT_BUFFER })}
        >
          <Close fontSize="small" />
        </IconButton>
      </Stack>
      {pick.mode === 'pick' ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('boreholes.section.pickHint')}
          </Typography>
          {pick.ids.length > 0 && (
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75 }} aria-label={t('boreholes.section.picked')} role="list">
              {pick.ids.map((id, index) => (
                <Chip
                  key={id}
                  role="listitem"
                  size="small"
                  color="primary"
                  variant="outlined"
                  label={`${index + 1}. ${numberOf(id) ?? `#${id}`}`}
                  onDelete={() => change({ ids: pick.ids.filter((i) => i !== id) })}
                />
              ))}
            </Stack>
          )}
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {pick.line ? t('boreholes.section.lineDrawn', { length: lineLength(pick.line).toFixed(0) }) : t('boreholes.section.drawHint')}
          </Typography>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
            <BufferInput buffer={pick.buffer} onChange={(buffer) => change({ buffer })} />
            {pick.line && (
              <Button size="small" startIcon={<Draw />} onClick={() => change({ line: null })} sx={{ mt: 0.5 }}>
                {t('boreholes.section.redraw')}
              </Button>
            )}
          </Stack>
        </>
      )}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button variant="contained" size="small" disabled={!ready} onClick={show}>
          {t('boreholes.section.show')}
        </Button>
        {pick.mode === 'pick' && pick.ids.length > 0 && (
          <Button size="small" onClick={() => change({ ids: [] })}>
            {t('boreholes.section.clear')}
          </Button>
        )}
        {pick.mode === 'pick' && !ready && (
          <Typography variant="caption" color="text.secondary">
            {t('boreholes.section.pickMore', { count: SECTION_MIN_PICKS })}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
