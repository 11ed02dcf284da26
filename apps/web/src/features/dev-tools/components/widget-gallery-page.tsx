import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { USER_TYPE } from '@strata/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth-store';
import { GalleryData } from './gallery-data';
import { GalleryDisplay } from './gallery-display';
import { GalleryFeedback } from './gallery-feedback';
import { GalleryInputs } from './gallery-inputs';

/** Application Admins see the children; everyone else sees the fallback (the 404 page). */
export function AppAdminOnly({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const userType = useSession((state) => state.profile?.user_type);
  return <>{userType === USER_TYPE.AppAdmin ? children : fallback}</>;
}

/** `/test-component`: every shared widget, live, with sample data (issue 3). */
export function WidgetGalleryPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      {/* The toolbar shows the route title as the page heading. */}
      <Typography color="text.secondary">{t('devTools.intro')}</Typography>
      <GalleryFeedback />
      <GalleryInputs />
      <GalleryData />
      <GalleryDisplay />
    </Stack>
  );
}
