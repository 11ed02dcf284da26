import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MAP_LAYER_KINDS, type TMapLayer } from '@strata/shared';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialog, useToast } from '../../../components/feedback';
import { useRouteAction } from '../../../lib/route-actions';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { errorText } from '../../../lib/error-text';
import { Section } from '../../../components/section';
import { useDeleteMapLayer, useMapLayers, useReorderMapLayers } from './api';
import { MapLayerDialog } from './map-layer-dialog';
import { inOrder, moveOnto, moveStep } from './order';

const DRAG_TYPE = 'application/x-strata-layer';

interface RowProps {
  layer: TMapLayer;
  first: boolean;
  last: boolean;
  busy: boolean;
  /** The layer being dragged, if any. */
  dragging: number | null;
  /** A layer of this one's kind is being dragged: it may be dropped here. */
  dropTarget: boolean;
  onMove: (step: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDropOn: () => void;
}

function LayerRow({ layer, first, last, busy, dragging, dropTarget, onMove, onEdit, onDelete, onDragStart, onDragEnd, onDropOn }: RowProps) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const name = layer.name;
  const details = [
    t(`masterData.layers.sourceName.${layer.source}`),
    layer.visible ? t('masterData.layers.shown') : t('masterData.layers.hidden'),
    t('masterData.layers.opacityValue', { value: Math.round(layer.opacity * 100) }),
    ...(layer.file_name ? [layer.file_name] : []),
  ].join(' · ');
  const accepts = (event: DragEvent) => dropTarget && event.dataTransfer.types.includes(DRAG_TYPE);
  return (
    <Box
      component="li"
      aria-label={name}
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        if (!accepts(event)) return;
        event.preventDefault();
        onDropOn();
      }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        gap: 1,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        borderTop: over ? 2 : 0,
        borderTopColor: 'primary.main',
        opacity: dragging === layer.layer_id ? 0.5 : 1,
      }}
    >
      <Box
        draggable={!busy}
        onDragStart={(event) => {
          event.dataTransfer.setData(DRAG_TYPE, String(layer.layer_id));
          event.dataTransfer.effectAllowed = 'move';
          onDragStart();
        }}
        onDragEnd={onDragEnd}
        title={t('masterData.layers.dragHint')}
        sx={{ display: { xs: 'none', sm: 'flex' }, cursor: busy ? 'default' : 'grab', color: 'text.secondary' }}
      >
        <DragIndicator aria-hidden />
      </Box>
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {details}
        </Typography>
        {layer.attribution && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {layer.attribution}
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ ml: 'auto', flexShrink: 0 }}>
        <Tooltip title={t('masterData.layers.moveUp', { name })}>
          <span>
            <IconButton aria-label={t('masterData.layers.moveUp', { name })} disabled={first || busy} onClick={() => onMove(-1)}>
              <ArrowUpward />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('masterData.layers.moveDown', { name })}>
          <span>
            <IconButton aria-label={t('masterData.layers.moveDown', { name })} disabled={last || busy} onClick={() => onMove(1)}>
              <ArrowDownward />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('masterData.layers.edit', { name })}>
          <IconButton aria-label={t('masterData.layers.edit', { name })} onClick={onEdit}>
            <Edit />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('masterData.layers.delete', { name })}>
          <IconButton aria-label={t('masterData.layers.delete', { name })} color="error" onClick={onDelete}>
            <Delete />
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
}

/**
 * `/master-data/map-layers` (ManageMapLayers): base maps and overlays in their order; move a layer with its arrows or
 * by dragging it onto another of its kind; add (route action), edit and delete layers.
 */
export function MapLayersPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const query = useMapLayers();
  const reorder = useReorderMapLayers();
  const remove = useDeleteMapLayer();
  const [dialog, setDialog] = useState<{ open: boolean; layer?: TMapLayer }>({ open: false });
  const [dragging, setDragging] = useState<number | null>(null);
  useRouteAction('add-map-layer', () => setDialog({ open: true }));

  if (query.error && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const layers = inOrder(query.data.records);
  const draggedKind = layers.find((layer) => layer.layer_id === dragging)?.kind;

  const applyOrder = async (ids: number[] | null) => {
    if (!ids) return;
    try {
      await reorder.mutateAsync(ids);
      toast({ color: 'success', message: t('masterData.layers.reordered') });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  const onDelete = async (layer: TMapLayer) => {
    const ok = await confirm({
      title: t('masterData.layers.deleteTitle'),
      prompt: t('masterData.layers.confirmDelete', { name: layer.name }),
      positive: t('masterData.common.delete'),
      negative: t('masterData.common.cancel'),
    });
    if (ok !== true) return;
    try {
      await remove.mutateAsync(layer.layer_id);
      toast({ color: 'success', message: t('masterData.layers.deleted', { name: layer.name }) });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  return (
    // Room at the bottom so the last row scrolls clear of the floating Add button.
    <Stack spacing={2} sx={{ maxWidth: 1000, pb: 9 }}>
      <Typography variant="body2" color="text.secondary">
        {t('masterData.layers.intro')}
      </Typography>
      {MAP_LAYER_KINDS.map((kind) => {
        const ofKind = layers.filter((layer) => layer.kind === kind);
        return (
          <Section key={kind} title={t(`masterData.layers.section.${kind}`)}>
            {ofKind.length === 0 ? (
              <EmptyText>{t(`masterData.layers.empty.${kind}`)}</EmptyText>
            ) : (
              <Box component="ol" aria-label={t(`masterData.layers.section.${kind}`)} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {ofKind.map((layer, i) => (
                  <LayerRow
                    key={layer.layer_id}
                    layer={layer}
                    first={i === 0}
                    last={i === ofKind.length - 1}
                    busy={reorder.isPending}
                    dragging={dragging}
                    dropTarget={dragging !== null && dragging !== layer.layer_id && draggedKind === kind}
                    onMove={(step) => void applyOrder(moveStep(layers, layer.layer_id, step))}
                    onEdit={() => setDialog({ open: true, layer })}
                    onDelete={() => void onDelete(layer)}
                    onDragStart={() => setDragging(layer.layer_id)}
                    onDragEnd={() => setDragging(null)}
                    onDropOn={() => {
                      if (dragging !== null) void applyOrder(moveOnto(layers, dragging, layer.layer_id));
                      setDragging(null);
                    }}
                  />
                ))}
              </Box>
            )}
          </Section>
        );
      })}
      <MapLayerDialog open={dialog.open} layer={dialog.layer} onClose={() => setDialog({ open: false })} />
    </Stack>
  );
}
