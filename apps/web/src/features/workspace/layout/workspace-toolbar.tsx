import ArrowBack from '@mui/icons-material/ArrowBack';
import CropFree from '@mui/icons-material/CropFree';
import MyLocation from '@mui/icons-material/MyLocation';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import VerticalSplitOutlined from '@mui/icons-material/VerticalSplitOutlined';
import ViewAgendaOutlined from '@mui/icons-material/ViewAgendaOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import type { TContract } from '@strata/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_CONTRACTS } from '../state/workspace-contract';

/** Spec §2.15 layout modes. */
export const LAYOUT_MODES = ['Equal', 'FullMap', 'FullPanel'] as const;
export type LayoutMode = (typeof LAYOUT_MODES)[number];

export function isLayoutMode(value: unknown): value is LayoutMode {
  return (LAYOUT_MODES as readonly unknown[]).includes(value);
}

const LAYOUT_ICONS: Record<LayoutMode, ReactNode> = {
  Equal: <VerticalSplitOutlined fontSize="small" />,
  FullMap: <MapOutlined fontSize="small" />,
  FullPanel: <ViewAgendaOutlined fontSize="small" />,
};

export interface WorkspaceToolbarProps {
  /** Shows Back (a previous route exists). */
  onBack?: () => void;
  contracts: readonly TContract[];
  contractChoice: number;
  onContractChoice: (choice: number) => void;
  layout: LayoutMode;
  onLayout: (mode: LayoutMode) => void;
  onResetMap: () => void;
  selecting: boolean;
  onToggleSelecting: () => void;
  onCapture: () => void;
  /** Map Report: given only to users with Generate Map Report. */
  onMapReport?: () => void;
  /** The bookmarks menu. */
  bookmarks: ReactNode;
}

/**
 * The work space's toolbar: Back (when there is a page to go back to), the contract choice (all, or one of the
 * contracts active in the contract bar; -1 = all), the layout modes Equal / FullMap / FullPanel, reset map location,
 * area selection, bookmarks, the capture map and (with Generate Map Report) the map report.
 */
export function WorkspaceToolbar(props: WorkspaceToolbarProps) {
  const { t } = useTranslation();
  const mapShown = props.layout !== 'FullPanel';
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
      {props.onBack && (
        <Button size="small" startIcon={<ArrowBack />} onClick={props.onBack}>
          {t('workspace.toolbar.back')}
        </Button>
      )}
      <TextField
        select
        size="small"
        label={t('workspace.toolbar.contract')}
        value={props.contracts.length === 0 ? '' : String(props.contractChoice)}
        onChange={(event) => props.onContractChoice(Number(event.target.value))}
        disabled={props.contracts.length === 0}
        sx={{ minWidth: { xs: 150, sm: 200 } }}
      >
        {props.contracts.length > 1 && <MenuItem value={String(ALL_CONTRACTS)}>{t('workspace.toolbar.allContracts')}</MenuItem>}
        {props.contracts.map((c) => (
          <MenuItem key={c.contract_id} value={String(c.contract_id)}>
            {c.no}
            {c.title ? ` — ${c.title}` : ''}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ flexGrow: 1 }} />
      {mapShown && (
        <Tooltip title={t('workspace.toolbar.selectAreaHint')}>
          <ToggleButton
            size="small"
            value="select"
            selected={props.selecting}
            onChange={props.onToggleSelecting}
            aria-label={t('workspace.toolbar.selectArea')}
          >
            <CropFree fontSize="small" />
          </ToggleButton>
        </Tooltip>
      )}
      {mapShown && (
        <Tooltip title={t('workspace.toolbar.resetMap')}>
          <IconButton aria-label={t('workspace.toolbar.resetMap')} onClick={props.onResetMap}>
            <MyLocation />
          </IconButton>
        </Tooltip>
      )}
      <ToggleButtonGroup
        size="small"
        exclusive
        value={props.layout}
        onChange={(_event, value: unknown) => {
          if (isLayoutMode(value)) props.onLayout(value);
        }}
        aria-label={t('workspace.toolbar.layout')}
      >
        {LAYOUT_MODES.map((mode) => (
          <Tooltip key={mode} title={t(`workspace.layout.${mode}`)}>
            <ToggleButton value={mode} aria-label={t(`workspace.layout.${mode}`)}>
              {LAYOUT_ICONS[mode]}
            </ToggleButton>
          </Tooltip>
        ))}
      </ToggleButtonGroup>
      {props.bookmarks}
      <Tooltip title={t('workspace.toolbar.captureMap')}>
        <IconButton aria-label={t('workspace.toolbar.captureMap')} onClick={props.onCapture}>
          <PhotoCameraOutlined />
        </IconButton>
      </Tooltip>
      {props.onMapReport && (
        <Tooltip title={t('workspace.toolbar.mapReport')}>
          <IconButton aria-label={t('workspace.toolbar.mapReport')} onClick={props.onMapReport}>
            <SummarizeOutlined />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
