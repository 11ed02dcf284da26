import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import MapOutlined from '@mui/icons-material/MapOutlined';
import type { TAlertDetail } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DetailList } from '../../../components/detail-list';
import { EmptyText } from '../../../components/query-states';
import { usePagePath } from '../../../lib/page-nav';
import { LevelChip } from '../components/level-chip';
import { workspaceInstrumentPath } from '../paths';

/** The instrument the alert is about, with a link to its page in the work space. */
export function AlertInstrument({ instrument }: { instrument: NonNullable<TAlertDetail['instrument']> }) {
  const { t } = useTranslation();
  const href = usePagePath();
  return (
    <Stack spacing={2}>
      <DetailList
        items={[
          { label: t('alerts.instrument.name'), value: instrument.name },
          { label: t('alerts.instrument.type'), value: `${instrument.type_name} (${instrument.type_code})` },
          { label: t('alerts.instrument.contract'), value: instrument.contract_no },
          { label: t('alerts.instrument.zone'), value: instrument.zone_name ?? '—' },
          { label: t('alerts.instrument.status'), value: instrument.status },
          { label: t('alerts.instrument.frequency'), value: instrument.frequency ?? '—' },
          {
            label: t('alerts.instrument.position'),
            value: t('alerts.instrument.positionValue', {
              easting: instrument.easting.toFixed(3),
              northing: instrument.northing.toFixed(3),
              lat: instrument.latitude.toFixed(6),
              lon: instrument.longitude.toFixed(6),
            }),
          },
        ]}
      />
      <Button
        component={RouterLink}
        to={href(workspaceInstrumentPath(instrument.instrument_id))}
        variant="outlined"
        startIcon={<MapOutlined />}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('alerts.instrument.open', { name: instrument.name })}
      </Button>
    </Stack>
  );
}

/** Group and scenario alerts: the instruments behind the latest trigger, each with its level. */
export function AlertMembers({ members }: { members: TAlertDetail['members'] }) {
  const { t } = useTranslation();
  const href = usePagePath();
  if (members.length === 0) return <EmptyText>{t('alerts.members.empty')}</EmptyText>;
  return (
    <Stack component="ul" aria-label={t('alerts.members.label')} spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {members.map((member) => (
        <Stack component="li" key={member.instrument_id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button component={RouterLink} to={href(workspaceInstrumentPath(member.instrument_id))} size="small">
            {member.name}
          </Button>
          {member.level_code && <LevelChip code={member.level_code} color={null} />}
        </Stack>
      ))}
    </Stack>
  );
}
