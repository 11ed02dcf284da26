import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppInfo } from '../../lib/app-info';
import { localePath } from '../../lib/paths';
import { useCanGoBack } from '../../lib/use-can-go-back';
import { useLang } from '../../lib/use-lang';
import { useRouteMeta } from './use-route-meta';

export const SECURITY_PAGE_PATH = '/security';

/**
 * The footer (spec §2 Layout): an optional Back button (routes with `back: true`, when there is a page to go back
 * to), the application description, the copyright year, the author when configured, and the link to report a
 * vulnerability.
 */
export function AppFooter() {
  const { t } = useTranslation();
  const lang = useLang();
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const { data: info } = useAppInfo();
  const canGoBack = useCanGoBack() && meta?.back === true;
  const year = new Date().getFullYear();
  const description = info?.description || info?.name || t('app.name');

  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
        px: { xs: 2, md: 3 },
        // room for the floating action button
        pr: { xs: 10, md: 12 },
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        typography: 'body2',
      }}
    >
      {canGoBack && (
        <Button size="small" startIcon={<ArrowBack />} onClick={() => void navigate(-1)}>
          {t('footer.back')}
        </Button>
      )}
      <span>{description}</span>
      <span>
        © {year}
        {info?.author ? ` ${info.author}` : ''}
      </span>
      <Link component={RouterLink} to={localePath(lang, SECURITY_PAGE_PATH)} color="inherit" underline="hover">
        {t('footer.reportVulnerability')}
      </Link>
    </Box>
  );
}
