import Description from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import { API_BASE, DEFAULT_THUMBNAIL_SIZE, type TActionEntryFile } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { withResourceToken } from '../../../components/record-files';
import { useToast } from '../../../components/feedback';
import { useSession } from '../../../lib/auth-store';
import { downloadFile } from '../../../lib/download';

const fileUrl = (f: TActionEntryFile) => `${API_BASE}/${f.kind === 'photo' ? 'photos' : 'documents'}/${f.file_id}`;

/** Saves a file of a case; a failure is an error toast ("download failed", spec §8). */
function useSaveFile() {
  const toast = useToast();
  return async (f: TActionEntryFile) => {
    try {
      await downloadFile(fileUrl(f), { fileName: f.file_name });
    } catch (error) {
      toast({ message: error instanceof Error ? error.message : String(error), color: 'error' });
    }
  };
}

/** A follow-up's files: photos as thumbnails, documents as chips; each saves the file when clicked. */
export function EntryFiles({ files }: { files: readonly TActionEntryFile[] }) {
  const { t } = useTranslation();
  const resourceToken = useSession((state) => state.resourceToken);
  const save = useSaveFile();
  if (files.length === 0) return null;
  const photos = files.filter((f) => f.kind === 'photo');
  const documents = files.filter((f) => f.kind === 'document');
  return (
    <Box
      component="ul"
      aria-label={t('actionLog.detail.files')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      {photos.map((f) => {
        const src = withResourceToken(`${API_BASE}/photos/${f.file_id}?size=${DEFAULT_THUMBNAIL_SIZE}`, resourceToken);
        return (
          <li key={f.file_id}>
            <ButtonBase
              onClick={() => void save(f)}
              aria-label={t('actionLog.detail.downloadFile', { name: f.file_name })}
              title={f.file_name}
              sx={{ width: 96, height: 72, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
            >
              {src && <Box component="img" src={src} alt={f.file_name} loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />}
            </ButtonBase>
          </li>
        );
      })}
      {documents.map((f) => (
        <li key={f.file_id}>
          <Chip
            icon={<Description />}
            label={f.file_name}
            onClick={() => void save(f)}
            aria-label={t('actionLog.detail.downloadFile', { name: f.file_name })}
            variant="outlined"
            sx={{ maxWidth: '100%' }}
          />
        </li>
      ))}
    </Box>
  );
}
