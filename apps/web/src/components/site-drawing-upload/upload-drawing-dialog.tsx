import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { formatBytes, ZSiteDrawing, type TSite } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useToast } from '../feedback';
import { maxUploadBytes, UploadButton } from '../upload-button';
import { useConfig } from '../../lib/config';

/** The upload type whose size limit applies to a site's drawings (as the server picks it). */
export function drawingUploadType(type: TSite['type']): 'excavation' | 'tunnel' {
  return type === 'E' ? 'excavation' : 'tunnel';
}

/** File types the server accepts for drawings (it checks the content too). */
export const DRAWING_ACCEPT = '.pdf,.png,.jpg,.jpeg,.dxf,application/pdf,image/png,image/jpeg';

export interface UploadDrawingDialogProps {
  site: Pick<TSite, 'site_id' | 'site_name' | 'type'>;
  open: boolean;
  onClose: () => void;
  /** After a drawing was stored: the caller refreshes the lists that show drawings. */
  onUploaded: () => unknown;
}

/**
 * Upload Drawing: one PDF, PNG, JPEG or DXF file, up to the configured size of the site type's uploads, to
 * `POST /master-data/sites/{id}/drawings`. One dialog for the site's master-data page and the mined tunnel's
 * work-space page (Upload Progress Drawing, spec §2.3).
 */
export function UploadDrawingDialog({ site, open, onClose, onUploaded }: UploadDrawingDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const config = useConfig();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const settings = config.data?.settings ?? null;
  const max = maxUploadBytes(drawingUploadType(site.type), settings);
  const titleId = `upload-drawing-${site.site_id}`;
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('sites.drawing.uploadTitle', { name: site.site_name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('sites.drawing.uploadHint', { max: formatBytes(max) })}
        </Typography>
        <UploadButton
          url={`/master-data/sites/${site.site_id}/drawings`}
          uploadType={drawingUploadType(site.type)}
          settings={settings}
          multiple={false}
          accept={DRAWING_ACCEPT}
          label={t('sites.drawing.choose')}
          onUploaded={(response) => {
            const parsed = ZSiteDrawing.safeParse(response);
            toast({ color: 'success', message: t('sites.drawing.uploaded', { file: parsed.success ? parsed.data.file_name : '' }) });
            void onUploaded();
            onClose();
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('sites.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
