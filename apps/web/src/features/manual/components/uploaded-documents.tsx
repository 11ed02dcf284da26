import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TManualDocument } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { ByteSize } from '../../../components/byte-size';
import { useToast } from '../../../components/feedback';
import { downloadFile } from '../../../lib/download';
import { useUploadedManualDocuments } from '../api/get-manual-documents';

/** The manual's uploaded documents (PDF, DOCX), each downloadable; nothing is shown while there are none. */
export function UploadedDocuments() {
  const { t } = useTranslation();
  const toast = useToast();
  const documents = useUploadedManualDocuments();

  const download = async (doc: TManualDocument) => {
    try {
      await downloadFile(doc.url, { useResourceToken: true, fileName: doc.file_name });
    } catch (error) {
      toast({ color: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  if (documents.isPending) return <Skeleton variant="rounded" height={72} aria-label={t('manual.documentsLoading')} />;
  if (documents.isError) return <Alert severity="error">{t('manual.documentsFailed')}</Alert>;
  if (documents.data.records.length === 0) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="manual-documents-title" sx={{ p: 2 }}>
      <Typography id="manual-documents-title" variant="overline" component="h2" color="text.secondary">
        {t('manual.documents')}
      </Typography>
      <List dense disablePadding>
        {documents.data.records.map((doc) => (
          <ListItem
            key={doc.document_id}
            disableGutters
            secondaryAction={
              <Button size="small" startIcon={<DownloadOutlined />} onClick={() => void download(doc)} aria-label={t('manual.download', { title: doc.title })}>
                {t('manual.downloadShort')}
              </Button>
            }
          >
            <ListItemText
              primary={doc.title}
              secondary={
                <>
                  {doc.file_name} · <ByteSize value={doc.size} />
                </>
              }
              sx={{ pr: 12, overflowWrap: 'anywhere' }}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
