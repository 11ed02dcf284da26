import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { defaultDrawingExtent, formatBytes, ZSiteDrawing, type TSite } from '@strata/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useToast } from '../feedback';
import { FileChooser, maxUploadBytes, SendProgress, sendFailureText, sendFiles, useFileSend } from '../upload-button';
import { useConfig, useTimezone } from '../../lib/config';
import { dayjs } from '../../lib/dayjs';
import { DrawingPlacementFields, draftOf, isPlaceableFile, readPlacement, type PlacementDraft } from './drawing-placement';

/** The upload type whose size limit applies to a site's drawings (as the server picks it). */
export function drawingUploadType(type: TSite['type']): 'excavation' | 'tunnel' {
  return type === 'E' ? 'excavation' : 'tunnel';
}

/** File types the server accepts for drawings (it checks the content too). */
export const DRAWING_ACCEPT = '.pdf,.png,.jpg,.jpeg,.dxf,application/pdf,image/png,image/jpeg';
const DRAWING_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'dxf'];

const asIs = (message: string) => message;

export interface UploadDrawingDialogProps {
  site: Pick<TSite, 'site_id' | 'site_name' | 'type' | 'geometry'>;
  open: boolean;
  onClose: () => void;
  /** After a drawing was stored: the caller refreshes the lists that show drawings. */
  onUploaded: () => unknown;
}

/**
 * Upload Drawing: one PDF, PNG, JPEG or DXF file, up to the configured size of the site type's uploads, to
 * `POST /master-data/sites/{id}/drawings`, with the progress date it shows (today in the display zone unless changed)
 * and, for a PNG or JPEG, its place on the map (the site's extent with a 10 % margin unless changed; decision 038).
 * One dialog for the site's master-data page and the mined tunnel's work-space page (Upload Progress Drawing, spec §2.3).
 */
export function UploadDrawingDialog({ site, open, onClose, onUploaded }: UploadDrawingDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const config = useConfig();
  const timezone = useTimezone();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const settings = config.data?.settings ?? null;
  const max = maxUploadBytes(drawingUploadType(site.type), settings);
  const titleId = `upload-drawing-${site.site_id}`;
  const siteExtent = useMemo(() => defaultDrawingExtent(site.geometry ?? null), [site.geometry]);
  const fresh = () => draftOf(dayjs().tz(timezone).format('YYYY-MM-DD'), siteExtent);
  const [draft, setDraft] = useState<PlacementDraft>(fresh);
  const { file, percent, sending, problem, pick, send } = useFileSend({ open, maxBytes: max, problemOf: asIs });
  // Each opening starts from today and the site's extent (only on opening: what was typed stays while it is open).
  useEffect(() => {
    if (open) setDraft(fresh());
  }, [open]);

  const placeable = file ? isPlaceableFile(file) : true;
  const read = readPlacement(draft, placeable);

  const wrongType = (chosen: File) => {
    const extension = chosen.name.split('.').pop()?.toLowerCase() ?? '';
    if (DRAWING_EXTENSIONS.includes(extension)) return null;
    return t('files.upload.wrongType', { filename: chosen.name, types: DRAWING_EXTENSIONS.map((e) => `.${e}`).join(', ') });
  };

  const upload = async () => {
    if (!read.ok) return;
    await send(
      async (chosen, io) => {
        const response = await sendFiles({
          path: `/master-data/sites/${site.site_id}/drawings`,
          files: [chosen],
          fields: { drawing_date: read.drawing_date, extent: read.extent ? JSON.stringify(read.extent) : undefined },
          onProgress: io.onProgress,
          signal: io.signal,
          emitHttpError: false,
        });
        const parsed = ZSiteDrawing.safeParse(response);
        toast({ color: 'success', message: t('sites.drawing.uploaded', { file: parsed.success ? parsed.data.file_name : chosen.name }) });
        await onUploaded();
        onClose();
      },
      (error) => sendFailureText(error, t('upload.failed')),
    );
  };

  return (
    <Dialog open={open} onClose={sending ? undefined : onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('sites.drawing.uploadTitle', { name: site.site_name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('sites.drawing.uploadHint', { max: formatBytes(max) })}
          </Typography>
          <FileChooser
            label={t('sites.drawing.choose')}
            accept={DRAWING_ACCEPT}
            file={file}
            noFileText={t('files.upload.noFile')}
            onPick={(chosen) => pick(chosen, wrongType)}
            disabled={sending}
            inputTestId="upload-input"
          />
          <DrawingPlacementFields
            draft={draft}
            onChange={setDraft}
            placeable={placeable}
            timezone={timezone}
            siteExtent={siteExtent}
            problem={read.ok ? null : read}
            disabled={sending}
          />
          {percent !== null && <SendProgress percent={percent} />}
          {problem && <AppAlert type="error" message={problem} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t('sites.common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void upload()} disabled={!file || sending || !read.ok}>
          {t('sites.drawing.uploadSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
