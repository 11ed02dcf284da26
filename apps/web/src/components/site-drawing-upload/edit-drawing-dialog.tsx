import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { defaultDrawingExtent, isPlaceableDrawing, ZSiteDrawing, type TSite, type TSiteDrawing } from '@strata/shared';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client';
import { useTimezone } from '../../lib/config';
import { dayjs } from '../../lib/dayjs';
import { AppAlert, useToast } from '../feedback';
import { sendFailureText } from '../upload-button';
import { DrawingPlacementFields, draftOf, readPlacement, type PlacementDraft } from './drawing-placement';

export interface EditDrawingDialogProps {
  site: Pick<TSite, 'geometry'>;
  /** The drawing to change; null: the dialog is closed. */
  drawing: TSiteDrawing | null;
  onClose: () => void;
  /** After the change was stored: the caller refreshes what shows drawings. */
  onSaved: (drawing: TSiteDrawing) => unknown;
}

/**
 * "Place on map": a drawing's progress date and, for a PNG or JPEG, its place, changed with
 * `PATCH /master-data/site-drawings/{id}` (the upload's tasks). A drawing not placed yet is proposed the site's
 * extent with a margin; a drawing without a date, today.
 */
export function EditDrawingDialog({ site, drawing, onClose, onSaved }: EditDrawingDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const timezone = useTimezone();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const siteExtent = useMemo(() => defaultDrawingExtent(site.geometry ?? null), [site.geometry]);
  const [draft, setDraft] = useState<PlacementDraft>(() => draftOf(null, null));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const placeable = drawing ? isPlaceableDrawing(drawing.content_type) : false;

  // Filled when a drawing is opened (not when its list is fetched again while the dialog is open).
  useEffect(() => {
    if (!drawing) return;
    setDraft(draftOf(drawing.drawing_date ?? dayjs().tz(timezone).format('YYYY-MM-DD'), drawing.extent ?? (placeable ? siteExtent : null)));
    setFailure(null);
  }, [drawing?.drawing_id]);

  const read = readPlacement(draft, placeable);
  const save = async () => {
    if (!drawing || !read.ok) return;
    setSaving(true);
    setFailure(null);
    try {
      const saved = await apiRequest(`/master-data/site-drawings/${drawing.drawing_id}`, {
        method: 'PATCH',
        json: placeable ? { drawing_date: read.drawing_date, extent: read.extent } : { drawing_date: read.drawing_date },
        schema: ZSiteDrawing,
        emitHttpError: false,
      });
      toast({ color: 'success', message: t('sites.drawing.saved', { file: saved.file_name }) });
      await onSaved(saved);
      onClose();
    } catch (error) {
      setFailure(sendFailureText(error, t('upload.failed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={drawing !== null} onClose={saving ? undefined : onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('sites.drawing.editTitle', { file: drawing?.file_name ?? '' })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <DrawingPlacementFields
            draft={draft}
            onChange={setDraft}
            placeable={placeable}
            timezone={timezone}
            siteExtent={siteExtent}
            problem={read.ok ? null : read}
            disabled={saving}
          />
          {failure && <AppAlert type="error" message={failure} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('sites.common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || !read.ok}>
          {t('sites.common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
