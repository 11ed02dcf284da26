import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MONITORING_SECTIONS, type MonitoringSectionKind, type TMonitoringSection } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionOptions } from './section-options';
import { addSection, canMove, missingKinds, moveSection } from './sections';

export interface SectionEditorProps {
  sections: readonly TMonitoringSection[];
  onChange: (sections: TMonitoringSection[]) => void;
  /** Errors by path below `sections` (`''` the list itself, `2.logo` a field of the third section). */
  errors?: Readonly<Record<string, string>>;
}

/**
 * A monitoring template's sections, in report order: add a kind not yet present (a cover goes first), remove, move up
 * or down (the cover stays first), and each kind's options.
 */
export function SectionEditor({ sections, onChange, errors = {} }: SectionEditorProps) {
  const { t } = useTranslation();
  const missing = missingKinds(sections);
  const [kind, setKind] = useState<MonitoringSectionKind | ''>('');
  const chosen = kind && missing.includes(kind) ? kind : '';

  return (
    <Stack spacing={2}>
      <Box component="ol" aria-label={t('fullMonitoring.template.sections')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {sections.map((section, i) => {
          const label = MONITORING_SECTIONS[section.kind];
          const sectionError = errors[String(i)];
          return (
            <Card key={section.kind} component="li" variant="outlined" aria-label={t('fullMonitoring.template.sectionN', { n: i + 1, label })}>
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
                    {i + 1}. {label}
                  </Typography>
                  <IconButton
                    size="small"
                    aria-label={t('fullMonitoring.template.moveUp', { label })}
                    disabled={!canMove(sections, i, -1)}
                    onClick={() => onChange(moveSection(sections, i, -1))}
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('fullMonitoring.template.moveDown', { label })}
                    disabled={!canMove(sections, i, 1)}
                    onClick={() => onChange(moveSection(sections, i, 1))}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('fullMonitoring.template.remove', { label })}
                    onClick={() => onChange(sections.filter((_, j) => j !== i))}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Stack>
                <SectionOptions
                  section={section}
                  onChange={(next) => onChange(sections.map((s, j) => (j === i ? next : s)))}
                  errorOf={(field) => errors[`${i}.${field}`]}
                />
                {sectionError && <FormHelperText error>{sectionError}</FormHelperText>}
              </CardContent>
            </Card>
          );
        })}
      </Box>
      {sections.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('fullMonitoring.template.noSections')}
        </Typography>
      )}
      {errors[''] && <FormHelperText error>{errors['']}</FormHelperText>}
      {missing.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label={t('fullMonitoring.template.sectionKind')}
            value={chosen}
            onChange={(event) => setKind(event.target.value as MonitoringSectionKind)}
            sx={{ minWidth: 260 }}
          >
            {missing.map((k) => (
              <MenuItem key={k} value={k}>
                {MONITORING_SECTIONS[k]}
              </MenuItem>
            ))}
          </TextField>
          <Button
            startIcon={<Add />}
            variant="outlined"
            disabled={!chosen}
            onClick={() => {
              if (!chosen) return;
              onChange(addSection(sections, chosen));
              setKind('');
            }}
          >
            {t('fullMonitoring.template.addSection')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
