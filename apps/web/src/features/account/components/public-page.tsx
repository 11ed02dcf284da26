import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CenteredPage } from '../../../components/centered-page';
import { useAppInfo } from '../../../lib/app-info';

interface PublicPageProps {
  title: string;
  children: ReactNode;
  maxWidth?: number;
  /** The product's name (APP_NAME, from GET /info) and login logo as the page's heading, above the card (sign-in). */
  showAppName?: boolean;
}

/** The product's name over the sign-in card, with the login logo when one is configured. */
function AppName() {
  const { data: info } = useAppInfo();
  if (!info) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, mb: 3 }}>
      {info.meta.login_logo_uri && <Box component="img" src={info.meta.login_logo_uri} alt="" sx={{ height: 40 }} />}
      <Typography variant="h4" component="h1">
        {info.name}
      </Typography>
    </Box>
  );
}

/** A signed-out page (sign-in, registration, password pages): a centred card with the page title. */
export function PublicPage({ title, children, maxWidth = 460, showAppName = false }: PublicPageProps) {
  return (
    <CenteredPage maxWidth={maxWidth}>
      {showAppName && <AppName />}
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component={showAppName ? 'h2' : 'h1'} sx={{ mb: 3 }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </CenteredPage>
  );
}
