import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hasAnyPermission, type PermissionCode } from '@strata/shared';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../lib/auth-store';
import type { TranslationKey } from '../../lib/i18n';
import { EmptyText } from '../../components/query-states';
import { usePagePath } from '../../lib/page-nav';

interface Tile {
  to: string;
  title: TranslationKey;
  text: TranslationKey;
  icon: ComponentType<{ fontSize?: 'large' }>;
  task: PermissionCode;
}

const TILES: Tile[] = [
  {
    to: '/contracts/management',
    title: 'contractsAdmin.landing.contracts',
    text: 'contractsAdmin.landing.contractsText',
    icon: AssignmentOutlined,
    task: 'SearchContracts',
  },
  {
    to: '/contracts/contractors',
    title: 'contractsAdmin.landing.contractors',
    text: 'contractsAdmin.landing.contractorsText',
    icon: EngineeringOutlined,
    task: 'SearchContractors',
  },
];

/** `/contracts`: the tiles Contracts Management and Contractors Management, each shown only with its permission. */
export function ContractsLandingPage() {
  const { t } = useTranslation();
  const path = usePagePath();
  const permissions = useSession((state) => state.permissions);
  const tiles = TILES.filter((tile) => hasAnyPermission(permissions, [tile.task]));
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{t('contractsAdmin.landing.intro')}</Typography>
      {tiles.length === 0 ? (
        <EmptyText>{t('contractsAdmin.landing.none')}</EmptyText>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {tiles.map((tile) => {
            const Icon = tile.icon;
            return (
              <Box component="li" key={tile.to}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea component={RouterLink} to={path(tile.to)} sx={{ height: '100%' }}>
                    <CardContent>
                      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                        <Box sx={{ color: 'primary.main', display: 'flex' }}>
                          <Icon fontSize="large" />
                        </Box>
                        <Box sx={{ minWidth: 0 }}>
                          <Typography variant="h6" component="h2">
                            {t(tile.title)}
                          </Typography>
                          <Typography variant="body2" color="text.secondary">
                            {t(tile.text)}
                          </Typography>
                        </Box>
                      </Stack>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Box>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
