import Bolt from '@mui/icons-material/Bolt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import SpeedDial from '@mui/material/SpeedDial';
import SpeedDialAction from '@mui/material/SpeedDialAction';
import SpeedDialIcon from '@mui/material/SpeedDialIcon';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runRouteAction } from '../../lib/route-actions';
import type { RouteAction } from '../../lib/route-meta';

const PLACEMENT = { position: 'fixed', right: { xs: 16, md: 24 }, bottom: { xs: 16, md: 24 } } as const;

function ActionIcon({ action }: { action: RouteAction }) {
  const Icon = action.icon ?? Bolt;
  return <Icon />;
}

/**
 * The first visible route action as a labelled button at the head of the page (desktop and tablet; phones keep every
 * action in the floating button or speed dial): a page's main action reads as words, not as an unlabelled "+".
 */
export function PageHeaderAction({ action }: { action: RouteAction }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
      <Button
        variant="contained"
        color={action.color && action.color !== 'default' ? action.color : 'primary'}
        startIcon={<ActionIcon action={action} />}
        onClick={() => runRouteAction(action.id)}
      >
        {t(action.title)}
      </Button>
    </Box>
  );
}

/**
 * The page's route actions at the bottom right (spec §2, §3): one visible action is a floating button, several
 * form a speed dial. `actions` are the visible ones (see `useVisibleRouteActions`).
 */
export function RouteActionButton({ actions }: { actions: readonly RouteAction[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Touch screens have no hover: the dial's labels stay visible.
  const touch = useMediaQuery('(hover: none)');

  if (actions.length === 0) return null;

  if (actions.length === 1) {
    const action = actions[0]!;
    const title = t(action.title);
    return (
      <Tooltip title={title} placement="left">
        <Fab color={action.color ?? 'primary'} aria-label={title} onClick={() => runRouteAction(action.id)} sx={PLACEMENT}>
          <ActionIcon action={action} />
        </Fab>
      </Tooltip>
    );
  }

  return (
    <SpeedDial
      ariaLabel={t('actions.label')}
      icon={<SpeedDialIcon />}
      open={open}
      // Opened and closed by a click (or Enter / Space), not by pointing or focusing: a dial that opens under the
      // pointer and closes on the click that follows is jumpy. Escape, leaving by keyboard and an action close it.
      onOpen={(_event, reason) => {
        if (reason === 'toggle') setOpen(true);
      }}
      onClose={(_event, reason) => {
        if (reason !== 'mouseLeave') setOpen(false);
      }}
      sx={PLACEMENT}
    >
      {actions.map((action) => (
        <SpeedDialAction
          key={action.id}
          icon={<ActionIcon action={action} />}
          slotProps={{
            tooltip: { title: t(action.title), open: touch || undefined },
            fab: { color: action.color && action.color !== 'default' ? action.color : undefined },
          }}
          onClick={() => {
            setOpen(false);
            runRouteAction(action.id);
          }}
        />
      ))}
    </SpeedDial>
  );
}
