import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ByteSize } from '../byte-size';
import { PickFilesButton } from './pick-files-button';

export interface FileChooserProps {
  /** The button's text ("Choose a file"). */
  label: string;
  /** File types the picker offers (`.csv,.xlsx`). */
  accept: string;
  /** The chosen file, shown with its size; `noFileText` when none. */
  file: File | null;
  noFileText: string;
  /** A file was picked (undefined: the picker was closed without one). Picking the same file again fires again. */
  onPick: (file: File | undefined) => void;
  disabled?: boolean;
  /** `data-testid` of the hidden input (tests set files on it). */
  inputTestId?: string;
}

/** One file for a dialog that sends it later: a "choose" button over a hidden file input, then the file's name and size. */
export function FileChooser({ label, accept, file, noFileText, onPick, disabled = false, inputTestId }: FileChooserProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <PickFilesButton accept={accept} disabled={disabled} inputTestId={inputTestId} onFiles={(files) => onPick(files[0])}>
        {label}
      </PickFilesButton>
      {file ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {file.name} (<ByteSize value={file.size} />)
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {noFileText}
        </Typography>
      )}
    </Box>
  );
}

/** The progress of a file being sent, in percent, as a bar with the figure beside it. */
export function SendProgress({ percent }: { percent: number }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <LinearProgress variant="determinate" value={percent} aria-label={t('upload.progress')} sx={{ flexGrow: 1 }} />
      <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>
        {percent}%
      </Typography>
    </Stack>
  );
}
