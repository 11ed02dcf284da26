import ArrowBack from '@mui/icons-material/ArrowBack';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CenteredPage } from '../../../components/centered-page';
import { localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';
import { SECURITY_TXT_PATH, useSecurityContacts } from '../api/get-security-contacts';
import { useAppInfo } from '../../../lib/app-info';

function contactLabel(contact: string): string {
  return contact.replace(/^mailto:/i, '');
}

/**
 * `/security` (no sign-in): how to report a vulnerability, with the contacts of the server's security.txt (the
 * `SECURITY_CONTACT` setting); says so when the server has none set up.
 */
export function SecurityPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { data: info } = useAppInfo();
  const { data: found = { state: 'unknown' } } = useSecurityContacts();
  const product = info?.name || t('app.name');

  return (
    <CenteredPage maxWidth={760}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 3 }}>
            <ShieldOutlined color="primary" fontSize="large" aria-hidden />
            <Typography variant="h4" component="h1">
              {t('security.title')}
            </Typography>
          </Stack>
          <Typography sx={{ mb: 2 }}>{t('security.intro', { product })}</Typography>

          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {t('security.howTitle')}
          </Typography>
          <Box component="ol" sx={{ pl: 3, mt: 0, '& li': { mb: 1 } }}>
            <li>
              {found.state === 'listed' ? (
                <>
                  {t('security.writeTo')}{' '}
                  {found.contacts.map((contact, index) => (
                    <span key={contact}>
                      {index > 0 && ', '}
                      <Link href={contact}>{contactLabel(contact)}</Link>
                    </span>
                  ))}
                </>
              ) : found.state === 'unset' ? (
                t('security.noContact', { product })
              ) : (
                t('security.writeToListed')
              )}
            </li>
            <li>{t('security.describe')}</li>
            <li>{t('security.private')}</li>
          </Box>

          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {t('security.rulesTitle')}
          </Typography>
          <Box component="ul" sx={{ pl: 3, mt: 0, '& li': { mb: 1 } }}>
            <li>{t('security.ruleData')}</li>
            <li>{t('security.ruleService')}</li>
            <li>{t('security.ruleTime')}</li>
          </Box>

          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {t('security.afterTitle')}
          </Typography>
          <Typography sx={{ mb: 3 }}>{t('security.after')}</Typography>

          {found.state !== 'unset' && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              {t('security.machineReadable')} <Link href={SECURITY_TXT_PATH}>{SECURITY_TXT_PATH}</Link>
            </Typography>
          )}

          <Button component={RouterLink} to={localePath(lang, '/')} startIcon={<ArrowBack />}>
            {t('security.back', { product })}
          </Button>
        </CardContent>
      </Card>
    </CenteredPage>
  );
}
