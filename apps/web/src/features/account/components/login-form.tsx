import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZSignInFields } from '@strata/shared';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { useSystemState } from '../../../lib/system-store';
import type { Credentials } from '../api/authenticate';

/**
 * The fields as the server checks them (shared `ZSignInFields`, the spec's words): their names are the server's
 * field-error keys, so its 400 answer fills the same fields.
 */
const ZLoginForm = ZSignInFields;
type TLoginForm = z.infer<typeof ZLoginForm>;
const FIELDS = ['userName', 'userPassword'] as const satisfies readonly (keyof TLoginForm)[];

function isFormField(name: string): name is keyof TLoginForm {
  return (FIELDS as readonly string[]).includes(name);
}

export interface LoginFormProps {
  onSubmit: (credentials: Credentials) => Promise<void>;
  /** Links to the reset-password and register pages, shown under the sign-in button. */
  secondaryActions?: ReactNode;
  /** Fills "Your Login Name" (after a password was set or reset). */
  defaultLoginName?: string;
}

/** The login form: client checks mirror the server's, server field errors fill the fields, others show above. */
export function LoginForm({ onSubmit, secondaryActions, defaultLoginName = '' }: LoginFormProps) {
  const { t } = useTranslation();
  const busy = useSystemState((state) => state.busy);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TLoginForm>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { userName: defaultLoginName, userPassword: '' },
  });

  const submit = handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      await onSubmit({ username: values.userName, password: values.userPassword });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setGeneralError('login.unexpectedError');
        return;
      }
      const fieldErrors = Object.entries(error.fieldErrors ?? {});
      const known = fieldErrors.filter(([field]) => isFormField(field));
      known.forEach(([field, message], index) => {
        if (isFormField(field)) setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
      });
      const other = fieldErrors.filter(([field]) => !isFormField(field)).map(([, message]) => message);
      if (known.length === 0 || other.length > 0) {
        setGeneralError(other.length > 0 ? other.join(' ') : error.message);
      }
    }
  });

  const disabled = busy || isSubmitting;
  const fieldError = (name: keyof TLoginForm) => {
    const message = errors[name]?.message;
    return message ? translateMessage(message) : undefined;
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      {generalError && (
        <Alert severity="error" role="alert">
          {translateMessage(generalError)}
        </Alert>
      )}
      <TextField
        {...register('userName')}
        label={t('login.loginName')}
        autoComplete="username"
        autoFocus={!defaultLoginName}
        fullWidth
        error={Boolean(errors.userName)}
        helperText={fieldError('userName')}
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      />
      <TextField
        {...register('userPassword')}
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        autoFocus={Boolean(defaultLoginName)}
        fullWidth
        error={Boolean(errors.userPassword)}
        helperText={fieldError('userPassword')}
      />
      <Button type="submit" variant="contained" size="large" disabled={disabled} fullWidth>
        {t('login.signIn')}
      </Button>
      {secondaryActions}
    </Stack>
  );
}
