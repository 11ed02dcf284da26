import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import ExpandMore from '@mui/icons-material/ExpandMore';
import RadioButtonChecked from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CONTRACT_BUTTONS, LIMITS, type TContract } from '@strata/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLastSelected, isSelectable, nextSelection, normalizeSelection, sameSelection, type ContractSelectionMode } from '../../lib/contract-selection';

/** How many contract buttons fit: xs 0, sm 4, md and lg 6, xl 11 (spec §9); the rest go to the overflow menu. */
export function useContractButtonCount(): number {
  const theme = useTheme();
  const xl = useMediaQuery(theme.breakpoints.up('xl'));
  const lg = useMediaQuery(theme.breakpoints.up('lg'));
  const md = useMediaQuery(theme.breakpoints.up('md'));
  const sm = useMediaQuery(theme.breakpoints.up('sm'));
  if (xl) return CONTRACT_BUTTONS.xl;
  if (lg) return CONTRACT_BUTTONS.lg;
  if (md) return CONTRACT_BUTTONS.md;
  if (sm) return CONTRACT_BUTTONS.sm;
  return CONTRACT_BUTTONS.xs;
}

export interface ContractToolbarProps {
  contracts: readonly TContract[];
  /** The selected contract ids. */
  selected: readonly number[];
  /** See `ContractSelectionMode`; `single` (exactly one active contract) by default. */
  mode?: ContractSelectionMode;
  /** A new selection, after a click (or, in `single` mode, when the given one is not a valid single choice). */
  onChange: (ids: number[]) => void;
  /** The accessible name of the group. */
  label?: string;
  /** Overrides the number of buttons chosen by screen size. */
  buttonCount?: number;
}

/**
 * Contracts as toggle buttons (`no` on the button, `title` as its tooltip and description); those that do not fit
 * the screen are in a "More" menu at most 220 px high. Selection rules come from the mode; saving is the owner's.
 */
export function ContractToolbar({ contracts, selected, mode = 'single', onChange, label, buttonCount }: ContractToolbarProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const byScreen = useContractButtonCount();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shown = normalizeSelection(mode, contracts, selected);
  const needsDefault = mode === 'single' && contracts.length > 0 && !sameSelection(shown, selected);

  // Single mode always holds one active contract: the owner learns the default choice.
  useEffect(() => {
    if (needsDefault) onChange(shown);
  }, [needsDefault, shown, onChange]);

  const count = Math.max(0, buttonCount ?? byScreen);
  const visible = contracts.slice(0, count);
  const overflow = contracts.slice(count);
  const multiple = mode === 'clickable';

  const click = (contractId: number) => {
    const next = nextSelection(mode, contracts, shown, contractId);
    if (!multiple) setAnchor(null);
    if (mode === 'emit-event' || !sameSelection(next, shown)) onChange(next);
  };
  const describe = (contract: TContract) => (contract.active ? contract.title : `${contract.title} (${t('contracts.inactive')})`);

  const CheckedIcon = multiple ? CheckBox : RadioButtonChecked;
  const UncheckedIcon = multiple ? CheckBoxOutlineBlank : RadioButtonUnchecked;
  const selectedInOverflow = overflow.filter((contract) => shown.includes(contract.contract_id)).length;

  return (
    <Box role="group" aria-label={label ?? t('contracts.label')} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'nowrap', minWidth: 0 }}>
      {visible.map((contract) => {
        const locked = isLastSelected(mode, shown, contract.contract_id);
        const selectable = isSelectable(mode, contract) && !locked;
        const button = (
          <ToggleButton
            value={contract.contract_id}
            selected={shown.includes(contract.contract_id)}
            disabled={!selectable}
            onChange={() => click(contract.contract_id)}
            size="small"
            color="primary"
            sx={{
              py: 0.25,
              px: 1.25,
              borderRadius: 4,
              fontWeight: 600,
              letterSpacing: 0.3,
              whiteSpace: 'nowrap',
              ...(contract.active ? {} : { borderStyle: 'dashed' }),
              // a chosen contract reads as "on" at a glance
              '&.Mui-selected, &.Mui-selected:hover': {
                bgcolor: 'primary.main',
                borderColor: 'primary.main',
                color: 'primary.contrastText',
              },
              '&.Mui-selected:hover': { bgcolor: 'primary.dark' },
            }}
          >
            {contract.no}
          </ToggleButton>
        );
        return (
          <Tooltip key={contract.contract_id} title={locked ? `${describe(contract)} · ${t('contracts.keepOne')}` : describe(contract)} describeChild>
            {/* A disabled button gets no pointer events: its tooltip needs a wrapper. */}
            {selectable ? button : <span>{button}</span>}
          </Tooltip>
        );
      })}
      {overflow.length > 0 && (
        <Button
          size="small"
          color="inherit"
          endIcon={<ExpandMore />}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ whiteSpace: 'nowrap', textTransform: 'none', flexShrink: 0 }}
        >
          {visible.length === 0
            ? t('contracts.all', { selected: shown.length, total: contracts.length })
            : t('contracts.more', { count: overflow.length, selected: selectedInOverflow })}
        </Button>
      )}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{
          paper: { sx: { maxHeight: LIMITS.contractOverflowMaxHeight } },
          list: { 'aria-label': label ?? t('contracts.label') },
        }}
      >
        {overflow.map((contract) => {
          const isSelected = shown.includes(contract.contract_id);
          return (
            <MenuItem
              key={contract.contract_id}
              role={multiple ? 'menuitemcheckbox' : 'menuitemradio'}
              aria-checked={isSelected}
              selected={isSelected}
              disabled={!isSelectable(mode, contract) || isLastSelected(mode, shown, contract.contract_id)}
              onClick={() => click(contract.contract_id)}
              dense
            >
              <ListItemIcon>{isSelected ? <CheckedIcon fontSize="small" color="primary" /> : <UncheckedIcon fontSize="small" />}</ListItemIcon>
              <ListItemText
                primary={contract.no}
                secondary={isLastSelected(mode, shown, contract.contract_id) ? `${describe(contract)} · ${t('contracts.keepOne')}` : describe(contract)}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </Box>
  );
}
