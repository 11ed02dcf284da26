import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstrumentIcons } from '../api/types';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { IconDialog, type IconRecord } from './icon-dialog';
import { IconPreviews } from './icon-previews';

/** `/master-data/icon` Instrument Icon: each type's map icon in its normal colour and every alert level's colour; change it. */
export function InstrumentIconsPage() {
  const { t } = useTranslation();
  const query = useInstrumentIcons();
  const [editing, setEditing] = useState<IconRecord | null>(null);

  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  const { records, icons } = query.data;
  const levels = [...query.data.level_colors].sort((a, b) => a.severity - b.severity);

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('instruments.icons.intro')}</Typography>
      {records.length === 0 ? (
        <EmptyText>{t('instruments.icons.empty')}</EmptyText>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } }}>
          {records.map((record) => (
            <Card key={record.type_code} variant="outlined" component="section" aria-label={record.name}>
              <CardContent sx={{ pb: 1 }}>
                <Typography variant="h6" component="h2">
                  {record.name}{' '}
                  <Typography component="span" color="text.secondary">
                    ({record.type_code})
                  </Typography>
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                  {t('instruments.icons.current', { icon: t(`instruments.icon.${record.icon}` as 'instruments.icon.circle', { defaultValue: record.icon }) })}
                </Typography>
                <IconPreviews icon={record.icon} color={record.icon_color} levels={levels} typeName={record.name} />
              </CardContent>
              <CardActions>
                <Button
                  size="small"
                  startIcon={<Edit />}
                  onClick={() => setEditing(record)}
                  aria-label={t('instruments.icons.changeNamed', { name: record.name })}
                >
                  {t('instruments.icons.change')}
                </Button>
              </CardActions>
            </Card>
          ))}
        </Box>
      )}
      <IconDialog record={editing} icons={icons} levels={levels} onClose={() => setEditing(null)} />
    </Stack>
  );
}
