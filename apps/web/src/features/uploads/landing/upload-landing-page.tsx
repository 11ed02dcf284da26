import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyText } from '../../../components/query-states';
import { useSession } from '../../../lib/auth-store';
import { usePagePath } from '../../../lib/page-nav';
import { registeredRoutes } from '../../../lib/route-registry';
import { UPLOAD_TILES, visibleUploadTiles, type UploadTile } from './tiles';

function Tile({ tile }: { tile: UploadTile }) {
  const { t } = useTranslation();
  const href = usePagePath();
  const Icon = tile.icon;
  return (
    <Card variant="outlined" component="li" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={href(tile.to ?? tile.path)} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Icon color="primary" sx={{ fontSize: 40, flexShrink: 0 }} aria-hidden />
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t(tile.title)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(tile.description)}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** `/upload`: a tile for each upload type this platform serves and the user may open (spec §2.12). */
export function UploadLandingPage() {
  const { t } = useTranslation();
  const permissions = useSession((state) => state.permissions);
  const tiles = visibleUploadTiles(UPLOAD_TILES, registeredRoutes(), permissions);
  if (tiles.length === 0) return <EmptyText>{t('uploadPages.landing.empty')}</EmptyText>;
  return (
    <Box
      component="ul"
      aria-label={t('uploadPages.landing.label')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {tiles.map((tile) => (
        <Tile key={tile.path} tile={tile} />
      ))}
    </Box>
  );
}
