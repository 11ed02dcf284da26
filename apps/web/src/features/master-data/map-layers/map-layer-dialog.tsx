import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { formatBytes, MAP_LAYER_KINDS, MAP_LAYER_SOURCES, ZLayerUrl, ZMapLayerFields, type TMapLayer } from '@strata/shared';
import { useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useToast } from '../../../components/feedback';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { maxUploadBytes, PickFilesButton } from '../../../components/upload-button';
import { ApiError } from '../../../lib/api-client';
import { useConfig } from '../../../lib/config';
import { i18n, translateMessage } from '../../../lib/i18n';
import { useSaveMapLayer, useUploadLayerFile } from './api';

type Source = (typeof MAP_LAYER_SOURCES)[number];
const SERVICE_SOURCES: readonly Source[] = ['xyz', 'wmts', 'wms'];
const FILE_SOURCES: readonly Source[] = ['geojson', 'kml'];
const FILE_ACCEPT: Record<string, string> = {
  geojson: '.geojson,.json,application/geo+json,application/json',
  kml: '.kml,application/vnd.google-earth.kml+xml',
};

const zoom = (value: string) => (value.trim() === '' ? null : Number(value));

/** The form's checks: name, kind, source, layer name and attribution as the API checks them (shared `ZMapLayerFields`). */
const ZLayerForm = z
  .object({
    name: ZMapLayerFields.shape.name,
    kind: ZMapLayerFields.shape.kind,
    source: ZMapLayerFields.shape.source,
    url: z.string().trim(),
    layer_name: ZMapLayerFields.shape.layer_name.unwrap(),
    visible: z.boolean(),
    /** Percent on the slider; sent as 0 to 1. */
    opacity: z.number().min(0).max(100),
    attribution: ZMapLayerFields.shape.attribution,
    min_zoom: z.string(),
    max_zoom: z.string(),
    /** Whether a file is (or will be) attached: set by the page, never typed. */
    has_file: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.url !== '' && !ZLayerUrl.safeParse(v.url).success) issue('url', 'masterData.validation.url');
    else if (SERVICE_SOURCES.includes(v.source) && v.url === '') issue('url', 'masterData.layers.urlRequired');
    else if (v.source === 'xyz' && !v.url.includes('{z}')) issue('url', 'masterData.layers.xyzPlaceholders');
    if ((v.source === 'wms' || v.source === 'wmts') && v.layer_name === '') issue('layer_name', 'masterData.layers.layerNameRequired');
    if (v.kind === 'stations' && !FILE_SOURCES.includes(v.source)) issue('source', 'masterData.layers.stationsSource');
    if (FILE_SOURCES.includes(v.source) && v.url === '' && !v.has_file) issue('url', 'masterData.layers.urlOrFile');
    for (const key of ['min_zoom', 'max_zoom'] as const) {
      const text = v[key].trim();
      if (text !== '' && (!/^\d+$/.test(text) || Number(text) > 24)) issue(key, i18n.t('masterData.layers.zoomRange'));
    }
    const min = zoom(v.min_zoom);
    const max = zoom(v.max_zoom);
    if (min !== null && max !== null && min <= 24 && max <= 24 && min > max) issue('max_zoom', 'masterData.layers.zoomOrder');
  });
type LayerFormValues = z.input<typeof ZLayerForm>;

function formOf(layer?: TMapLayer): LayerFormValues {
  return {
    name: layer?.name ?? '',
    kind: layer?.kind ?? 'overlay',
    source: layer?.source ?? 'xyz',
    url: layer?.url ?? '',
    layer_name: layer?.layer_name ?? '',
    visible: layer?.visible ?? true,
    opacity: Math.round((layer?.opacity ?? 1) * 100),
    attribution: layer?.attribution ?? '',
    min_zoom: layer?.min_zoom === null || layer?.min_zoom === undefined ? '' : String(layer.min_zoom),
    max_zoom: layer?.max_zoom === null || layer?.max_zoom === undefined ? '' : String(layer.max_zoom),
    has_file: Boolean(layer?.file_name),
  };
}

export interface MapLayerDialogProps {
  open: boolean;
  /** Absent: a new layer. */
  layer?: TMapLayer;
  onClose: () => void;
}

/**
 * Add or edit a map layer: name, kind (base map, overlay or stations — points from a GeoJSON/KML file or address),
 * source (an address, or a GeoJSON/KML file), default visibility, opacity, attribution.
 */
export function MapLayerDialog({ open, layer, onClose }: MapLayerDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{layer ? t('masterData.layers.editTitle', { name: layer.name }) : t('masterData.layers.addTitle')}</DialogTitle>
      {open && <LayerFormBody key={layer?.layer_id ?? 'new'} layer={layer} onDone={onClose} />}
    </Dialog>
  );
}

function LayerFormBody({ layer, onDone }: { layer?: TMapLayer; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const config = useConfig();
  const save = useSaveMapLayer();
  const upload = useUploadLayerFile();
  const fileInputId = useId();
  // Once saved (even if its file then failed), the layer exists: trying again edits it rather than adding another.
  const [savedId, setSavedId] = useState<number | undefined>(layer?.layer_id);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useSafeForm<LayerFormValues>({ schema: ZLayerForm, defaultValues: formOf(layer) });
  const source = useWatch({ control: form.control, name: 'source' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  // Station layers are points from a GeoJSON or KML file or address.
  const sources = kind === 'stations' ? FILE_SOURCES : MAP_LAYER_SOURCES;
  const takesFile = FILE_SOURCES.includes(source);
  const takesLayerName = source === 'wms' || source === 'wmts';
  const maxBytes = maxUploadBytes('map', config.data?.settings);

  const chooseFile = (chosen: File | undefined) => {
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > maxBytes) {
      setFileError(t('upload.tooLarge', { filename: chosen.name, max: formatBytes(maxBytes) }));
      return;
    }
    setFile(chosen);
    form.setValue('has_file', true);
    if (form.formState.errors.url) void form.trigger('url');
  };

  const onSubmit = async (values: LayerFormValues) => {
    const body = {
      name: values.name.trim(),
      kind: values.kind,
      source: values.source,
      url: values.url.trim() || null,
      layer_name: takesLayerName ? values.layer_name.trim() || null : null,
      visible: values.visible,
      opacity: Math.round(values.opacity) / 100,
      attribution: values.attribution.trim(),
      min_zoom: zoom(values.min_zoom),
      max_zoom: zoom(values.max_zoom),
    };
    const saved = await save.mutateAsync({ id: savedId, body });
    setSavedId(saved.layer_id);
    if (takesFile && file) {
      try {
        await upload.mutateAsync({ id: saved.layer_id, file });
      } catch (error) {
        const message = error instanceof ApiError ? (error.fieldErrors?.files ?? error.message) : t('upload.failed');
        setFileError(translateMessage(message));
        return;
      }
    }
    toast({ color: 'success', message: t(layer ? 'masterData.layers.saved' : 'masterData.layers.added', { name: saved.name }) });
    onDone();
  };

  return (
    <SafeForm form={form} onSubmit={onSubmit} aria-label={layer ? t('masterData.layers.editTitle', { name: layer.name }) : t('masterData.layers.addTitle')}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SafeTextField name="name" label={t('masterData.layers.name')} required fullWidth />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <SafeTextField
              name="kind"
              select
              label={t('masterData.layers.kind')}
              fullWidth
              onChange={(event) => {
                if (event.target.value === 'stations' && !FILE_SOURCES.includes(form.getValues('source'))) form.setValue('source', 'geojson');
              }}
            >
              {MAP_LAYER_KINDS.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {t(`masterData.layers.kindName.${kind}`)}
                </MenuItem>
              ))}
            </SafeTextField>
            <SafeTextField name="source" select label={t('masterData.layers.source')} fullWidth>
              {sources.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`masterData.layers.sourceName.${s}`)}
                </MenuItem>
              ))}
            </SafeTextField>
          </Stack>
          {kind === 'stations' && (
            <Typography variant="body2" color="text.secondary">
              {t('masterData.layers.stationsHint')}
            </Typography>
          )}
          <SafeTextField name="url" label={t('masterData.layers.url')} required={!takesFile} fullWidth helperText={t(`masterData.layers.urlHint.${source}`)} />
          {takesLayerName && <SafeTextField name="layer_name" label={t('masterData.layers.layerName')} required fullWidth />}
          {takesFile && (
            <Box>
              <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <PickFilesButton accept={FILE_ACCEPT[source]} inputTestId="layer-file-input" onFiles={(files) => chooseFile(files[0])}>
                  {t('masterData.layers.chooseFile')}
                </PickFilesButton>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {file ? file.name : (layer?.file_name ?? t('masterData.layers.noFile'))}
                </Typography>
              </Stack>
              <FormHelperText error={Boolean(fileError)}>{fileError ?? t('masterData.layers.fileHint', { max: formatBytes(maxBytes) })}</FormHelperText>
            </Box>
          )}
          <Controller
            control={form.control}
            name="visible"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label={t('masterData.layers.visible')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="opacity"
            render={({ field }) => (
              <Box>
                <Typography id={`${fileInputId}-opacity`} variant="body2" gutterBottom>
                  {t('masterData.layers.opacityValue', { value: field.value })}
                </Typography>
                <Slider
                  value={field.value}
                  onChange={(_event, value) => field.onChange(value)}
                  min={0}
                  max={100}
                  step={5}
                  valueLabelDisplay="auto"
                  valueLabelFormat={(value) => `${value}%`}
                  slotProps={{ input: { 'aria-labelledby': `${fileInputId}-opacity` } }}
                  sx={{ mx: 1, width: 'calc(100% - 16px)' }}
                />
              </Box>
            )}
          />
          <SafeTextField name="attribution" label={t('masterData.layers.attribution')} fullWidth helperText={t('masterData.layers.attributionHint')} />
          <Stack direction="row" spacing={2}>
            <SafeTextField name="min_zoom" label={t('masterData.layers.minZoom')} fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <SafeTextField name="max_zoom" label={t('masterData.layers.maxZoom')} fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>{t('masterData.common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {t('masterData.common.save')}
        </Button>
      </DialogActions>
    </SafeForm>
  );
}
