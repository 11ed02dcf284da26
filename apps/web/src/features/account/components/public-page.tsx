import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CenteredPage } from '../../../components/centered-page';

/** A signed-out page (sign-in, registration, password pages): a centred card with the page title. */
export function PublicPage({ title, children, maxWidth = 460 }: { title: string; children: ReactNode; maxWidth?: number }) {
  return (
    <CenteredPage maxWidth={maxWidth}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </CenteredPage>
  );
}
