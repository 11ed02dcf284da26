import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/display-time';
import { useTranslation } from 'react-i18next';
import { EmptyText, LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useQpComments, type QpKind } from '../api/qp-comments';

export interface QpCommentsProps {
  alertId: number;
  onAdd: (kind: QpKind) => void;
}

/**
 * The Qualified Persons' comments on the alert (QPS: supervision, QPD: design — DOMAIN.md): the QPS comment and QPD
 * comment actions, and the comments written with them, newest first. They are comments on the alert like the others
 * (also in the list below), marked by their `ref_data`.
 */
export function QpComments({ alertId, onAdd }: QpCommentsProps) {
  const { t } = useTranslation();
  const list = useQpComments(alertId);
  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0) body = <EmptyText>{t('alerts.qp.empty')}</EmptyText>;
  else
    body = (
      <Stack component="ul" aria-label={t('alerts.qp.listLabel')} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {list.data.map((comment) => (
          <Stack
            component="li"
            key={comment.comment_id}
            spacing={0.5}
            aria-label={t('alerts.qp.itemLabel', { kind: comment.ref_data, name: comment.sender_name || t('alerts.qp.deletedUser') })}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Chip size="small" color={comment.ref_data === 'QPS' ? 'primary' : 'secondary'} label={comment.ref_data} />
              <Typography variant="subtitle2" component="span">
                {comment.sender_name || t('alerts.qp.deletedUser')}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="span">
                {formatDateTime(comment.created)}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {comment.comment}
            </Typography>
          </Stack>
        ))}
      </Stack>
    );
  return (
    <Section
      title={t('alerts.qp.title')}
      action={
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="outlined" onClick={() => onAdd('QPS')}>
            {t('alerts.action.qpsComment')}
          </Button>
          <Button size="small" variant="outlined" onClick={() => onAdd('QPD')}>
            {t('alerts.action.qpdComment')}
          </Button>
        </Stack>
      }
    >
      {body}
    </Section>
  );
}
