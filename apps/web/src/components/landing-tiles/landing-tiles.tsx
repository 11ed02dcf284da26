import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../lib/auth-store';
import { usePagePath } from '../../lib/page-nav';
import { registeredRoutes } from '../../lib/route-registry';
import { EmptyText } from '../query-states';
import { visibleTiles, type LandingTile } from './visible-tiles';

function Tile({ tile, badge }: { tile: LandingTile; badge?: ReactNode }) {
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
            {badge}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export interface LandingTilesProps {
  tiles: readonly LandingTile[];
  /** The list's accessible name. */
  label: string;
  /** Said when the user may open none of the tiles. */
  emptyText: string;
  /** Something shown under a tile's description (e.g. a live count); none when it answers undefined. */
  badgeOf?: (tile: LandingTile) => ReactNode;
}

/** A landing page's tiles: those the user may open (see `visibleTiles`), in a grid of 1 to 4 columns. */
export function LandingTiles({ tiles, label, emptyText, badgeOf }: LandingTilesProps) {
  const permissions = useSession((state) => state.permissions);
  const shown = visibleTiles(tiles, registeredRoutes(), permissions);
  if (shown.length === 0) return <EmptyText>{emptyText}</EmptyText>;
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {shown.map((tile) => (
        <Tile key={tile.to ?? tile.path} tile={tile} badge={badgeOf?.(tile)} />
      ))}
    </Box>
  );
}
