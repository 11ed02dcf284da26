import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TRole } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogContentProps } from '../../../components/feedback';

export interface MoveRoleParams {
  role: TRole;
  /** The roles the holders may move to (every role but this one). */
  others: readonly TRole[];
}

/** The delete dialog of a role that users hold: which role they move to. Resolves with that role's id. */
export function MoveRoleContent({ params, resolve, cancel }: DialogContentProps<MoveRoleParams, number>) {
  const { t } = useTranslation();
  const [target, setTarget] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = touched && target === '';
  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('admin.roles.movePrompt', { count: params.role.user_count })}</DialogContentText>
        {params.others.length === 0 ? (
          <DialogContentText color="error">{t('admin.roles.noOtherRole')}</DialogContentText>
        ) : (
          <TextField
            select
            fullWidth
            size="small"
            label={t('admin.roles.moveTo')}
            value={target}
            error={missing}
            helperText={missing ? t('admin.roles.moveRequired') : undefined}
            onChange={(event) => setTarget(event.target.value)}
          >
            {params.others.map((role) => (
              <MenuItem key={role.role_id} value={String(role.role_id)}>
                {role.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{t('admin.common.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={params.others.length === 0}
          onClick={() => {
            setTouched(true);
            if (target !== '') resolve(Number(target));
          }}
        >
          {t('admin.common.delete')}
        </Button>
      </DialogActions>
    </>
  );
}
