import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TPolygon } from '@strata/shared';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDegrees, formatMetres, positionsOf } from './projection';

export interface VertexTableProps {
  /** A GeoJSON polygon in SVY21 metres (rings closed). */
  polygon: TPolygon | null;
  /** The table's accessible name. */
  label: string;
  /** Shown when there is no polygon. */
  emptyText?: string;
}

/** The corners of a polygon (each ring's closing repeat left out) in SVY21 easting/northing and WGS84 latitude/longitude. */
export function VertexTable({ polygon, label, emptyText }: VertexTableProps) {
  const { t } = useTranslation();
  const rings = useMemo(
    () => (polygon?.coordinates ?? []).map((ring) => ring.slice(0, ring.length > 1 ? -1 : undefined).map((position) => positionsOf(position))),
    [polygon],
  );
  if (rings.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {emptyText ?? t('contractsAdmin.map.noPolygon')}
      </Typography>
    );
  }
  return (
    <TableContainer sx={{ maxHeight: 360, overflowX: 'auto' }}>
      <Table size="small" stickyHeader aria-label={label} sx={{ '& td, & th': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell align="right">{t('contractsAdmin.map.easting')}</TableCell>
            <TableCell align="right">{t('contractsAdmin.map.northing')}</TableCell>
            <TableCell align="right">{t('contractsAdmin.map.latitude')}</TableCell>
            <TableCell align="right">{t('contractsAdmin.map.longitude')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rings.map((ring, r) => (
            <Fragment key={r}>
              {rings.length > 1 && (
                <TableRow>
                  <TableCell colSpan={5} component="th" scope="rowgroup" sx={{ fontWeight: 600 }}>
                    {r === 0 ? t('contractsAdmin.map.outerRing') : t('contractsAdmin.map.hole', { n: r })}
                  </TableCell>
                </TableRow>
              )}
              {ring.map((p, i) => (
                <TableRow key={i}>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell align="right">{formatMetres(p.easting)}</TableCell>
                  <TableCell align="right">{formatMetres(p.northing)}</TableCell>
                  <TableCell align="right">{formatDegrees(p.lat)}</TableCell>
                  <TableCell align="right">{formatDegrees(p.lon)}</TableCell>
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
