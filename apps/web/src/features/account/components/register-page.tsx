import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, USER_TYPE, ZRegisterRequest, type TRegisterRequest, type TRegisterResponse } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { AppAlert } from '../../../components/feedback';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { translateMessage } from '../../../lib/i18n';
import { LOGIN_PATH, localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';
import { useRegisterContractors } from '../api/get-register-contractors';
import { register } from '../api/register';
import { PublicPage } from './public-page';

const fields = ZRegisterRequest.shape;

const ZRegisterForm = z
  .object({
    // Login name, full name, e-mail and note as the API checks them (shared `ZRegisterRequest`, its limits and rules).
    login_name: fields.login_name,
    fullname: fields.fullname,
    email: fields.email,
    // As the selects give them.
    user_type: z.enum(['0', '1']),
    contractor_id: z.string(),
    note: fields.note.unwrap().unwrap(),
  })
  .superRefine((values, ctx) => {
    if (values.user_type === '1' && values.contractor_id === '') {
      ctx.addIssue({ code: 'custom', path: ['contractor_id'], message: MESSAGES.contractorRequired });
    }
  })
  .transform((values): TRegisterRequest => ({
    login_name: values.login_name,
    fullname: values.fullname,
    email: values.email,
    user_type: values.user_type === '1' ? USER_TYPE.Contractor : USER_TYPE.Authority,
    contractor_id: values.user_type === '1' ? Number(values.contractor_id) : null,
    note: values.note || null,
  }));
type Values = z.input<typeof ZRegisterForm>;

function WhatHappensNext({ answer }: { answer: TRegisterResponse }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Stack spacing={2.5}>
      <AppAlert type="success" message={translateMessage(answer.message)} />
      <Typography variant="h6" component="h2">
        {t('register.nextTitle')}
      </Typography>
      <Stack component="ol" spacing={1} sx={{ m: 0, pl: 3 }}>
        <li>{t('register.nextApproval')}</li>
        <li>{t('register.nextMail')}</li>
        <li>{t('register.nextPassword')}</li>
        <li>{t('register.nextSignIn')}</li>
      </Stack>
      <Button component={Link} to={localePath(lang, LOGIN_PATH)} variant="contained">
        {t('account.backToLogin')}
      </Button>
    </Stack>
  );
}

/** `/account/register` (no auth): a person asks for an account; an administrator approves it. */
export function RegisterPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [answer, setAnswer] = useState<TRegisterResponse | null>(null);
  const contractors = useRegisterContractors();
  const choices = contractors.data ?? [];
  const form = useSafeForm<Values, TRegisterRequest>({
    schema: ZRegisterForm,
    defaultValues: { login_name: '', fullname: '', email: '', user_type: '0', contractor_id: '', note: '' },
  });
  const userType = form.watch('user_type');

  if (answer) {
    return (
      <PublicPage title={t('register.doneTitle')} maxWidth={560}>
        <WhatHappensNext answer={answer} />
      </PublicPage>
    );
  }

  return (
    <PublicPage title={t('route.register')} maxWidth={560}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('register.intro')}
      </Typography>
      <SafeForm form={form} aria-label={t('route.register')} onSubmit={async (values) => setAnswer(await register(values))}>
        <SafeTextField
          name="login_name"
          label={t('register.loginName')}
          helperText={t('register.loginNameHint')}
          autoComplete="username"
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          fullWidth
        />
        <SafeTextField name="fullname" label={t('register.fullName')} autoComplete="name" fullWidth />
        <SafeTextField name="email" label={t('register.email')} type="email" autoComplete="email" fullWidth />
        <SafeTextField
          name="user_type"
          label={t('register.userType')}
          select
          fullWidth
          helperText={choices.length === 0 && !contractors.isPending ? t('register.contractorByAdmin') : undefined}
        >
          <MenuItem value="0">{t('userType.0')}</MenuItem>
          {choices.length > 0 && <MenuItem value="1">{t('userType.1')}</MenuItem>}
        </SafeTextField>
        {userType === '1' && choices.length > 0 && (
          <SafeTextField name="contractor_id" label={t('register.contractor')} select fullWidth>
            {choices.map((choice) => (
              <MenuItem key={choice.contractor_id} value={String(choice.contractor_id)}>
                {choice.name}
              </MenuItem>
            ))}
          </SafeTextField>
        )}
        <SafeTextField name="note" label={t('register.note')} helperText={t('register.noteHint')} multiline minRows={2} fullWidth />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={form.formState.isSubmitting}>
          {t('register.submit')}
        </Button>
        <Button component={Link} to={localePath(lang, LOGIN_PATH)} size="small" sx={{ alignSelf: 'center' }}>
          {t('register.haveAccount')}
        </Button>
      </SafeForm>
    </PublicPage>
  );
}
