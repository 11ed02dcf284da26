import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { hasAnyPermission } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/feedback';
import { Section } from '../../../components/section';
import { useSession } from '../../../lib/auth-store';
import { errorText } from '../../../lib/error-text';
import { downloadConstructionTemplate } from './api';
import { CONSTRUCTION_UPLOADS, type ConstructionUploadType } from './records';

const FORMATS = ['csv', 'xlsx'] as const;

/** The template buttons of a type: CSV and XLSX (`GET /uploads/templates/{type}?format=`). */
export function TemplateButtons({ type }: { type: ConstructionUploadType }) {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {FORMATS.map((format) => (
        <Button
          key={format}
          size="small"
          variant="outlined"
          startIcon={<FileDownload />}
          onClick={() => void downloadConstructionTemplate(type, format).catch((error: unknown) => toast({ color: 'error', message: errorText(error) }))}
        >
          {t(format === 'csv' ? 'constructionUploads.format.templateCsv' : 'constructionUploads.format.templateXlsx')}
        </Button>
      ))}
    </Box>
  );
}

const code = (names: readonly string[]) => names.join(', ');

/**
 * What a file of the type holds, so it can be filled without reading code: the templates, each row kind (the `record`
 * column's value) with its columns and who may upload it — or, for a file of one kind of row (QP(D), instrument plan),
 * the columns every row needs — and what every column means, all from the contract's constants
 * (EXCAVATION_UPLOAD_COLUMNS, TUNNEL_UPLOAD_COLUMNS, CONSTRUCTION_UPLOAD_TASKS, QPD_UPLOAD_COLUMNS,
 * INSTRUMENT_PLAN_UPLOAD_COLUMNS).
 */
export function FileFormat({ type }: { type: ConstructionUploadType }) {
  const { t } = useTranslation();
  const permissions = useSession((state) => state.permissions);
  const spec = CONSTRUCTION_UPLOADS[type];
  const records = spec.kinds.map((kind) => kind.record);
  return (
    <Section title={t('constructionUploads.format.title')} subheader={t(`constructionUploads.format.${spec.key}`)}>
      <Stack spacing={2}>
        <Box>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {t('constructionUploads.format.templates')}
          </Typography>
          <TemplateButtons type={type} />
        </Box>
        {spec.kinds.length > 0 ? (
          <Box>
            <Typography variant="subtitle2" component="h3" gutterBottom id={`${type}-kinds`}>
              {t('constructionUploads.format.kinds')}
            </Typography>
            <Stack component="ul" spacing={1} aria-labelledby={`${type}-kinds`} sx={{ m: 0, pl: 2.5 }}>
              {spec.kinds.map((kind) => {
                const mine = hasAnyPermission(permissions, kind.tasks);
                return (
                  <Box component="li" key={kind.record}>
                    <Typography variant="body2">
                      <Box component="code" sx={{ fontWeight: 600 }}>
                        {kind.record}
                      </Box>
                      {' — '}
                      {t(`constructionUploads.kind.${kind.record}` as 'constructionUploads.kind.level')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('constructionUploads.format.required', { columns: code(kind.required) })}
                      {kind.oneOf ? ` · ${t('constructionUploads.format.oneOf', { columns: code(kind.oneOf) })}` : ''}
                      {kind.optional.length > 0 ? ` · ${t('constructionUploads.format.optional', { columns: code(kind.optional) })}` : ''}
                    </Typography>
                    {!mine && (
                      <Typography variant="body2" color="warning.main">
                        {t('constructionUploads.format.notYours', {
                          tasks: kind.tasks.map((task) => t(`constructionUploads.task.${task}` as 'constructionUploads.task.UploadDesignedValue')).join(' / '),
                        })}
                      </Typography>
                    )}
                  </Box>
                );
              })}
            </Stack>
          </Box>
        ) : (
          <Typography variant="body2">
            {t('constructionUploads.format.required', { columns: code(spec.required ?? []) })}
            {spec.optional && spec.optional.length > 0 ? ` · ${t('constructionUploads.format.optional', { columns: code(spec.optional) })}` : ''}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {t(`constructionUploads.format.${spec.key}Rules`)}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('constructionUploads.format.columns')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('constructionUploads.format.column')}</TableCell>
                <TableCell>{t('constructionUploads.format.meaning')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {spec.columns.map((column) => (
                <TableRow key={column}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <code>{column}</code>
                  </TableCell>
                  <TableCell>
                    {column === 'record'
                      ? t('constructionUploads.column.record', { kinds: code(records) })
                      : t(`constructionUploads.${spec.columnTexts}.${column}` as 'constructionUploads.column.site')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Stack>
    </Section>
  );
}
