import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogContentProps } from '../../../components/feedback';

/** Custom dialog content, loaded lazily: picks an alert level and gives it back as the dialog's result. */
export default function SampleDialogContent({ params, resolve, cancel, labels }: DialogContentProps<{ levels: string[] }, string>) {
  const { t } = useTranslation();
  const [level, setLevel] = useState(params.levels[0] ?? '');
  return (
    <>
      <DialogContent>
        <TextField select fullWidth margin="dense" label={t('devTools.dialog.level')} value={level} onChange={(event) => setLevel(event.target.value)}>
          {params.levels.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{labels.negative}</Button>
        <Button variant="contained" onClick={() => resolve(level)}>
          {labels.positive}
        </Button>
      </DialogActions>
    </>
  );
}
