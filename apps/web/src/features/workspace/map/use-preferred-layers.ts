import { useMemo } from 'react';
import { useToast } from '../../../components/feedback';
import type { OverlayChoices } from '../../../components/map';
import { useConfig } from '../../../lib/config';
import { errorText } from '../../../lib/error-text';
import { useMapPreferences, useSaveMapLayers } from '../api/preferences';
import { stationsShown, type StationsShown } from './station-layer';

/**
 * What the work-space maps (the work space and Capture Map) draw besides the instruments, per the user's preferences:
 * the stations only with `show_stations`, and the overlays as the user chose them (`layers`), with a change from the
 * map's Layers menu saved (and a failure said in a toast).
 */
export function usePreferredLayers(): { stations: StationsShown | null; overlays: OverlayChoices } {
  const config = useConfig();
  const prefs = useMapPreferences();
  const toast = useToast();
  const { mutate: saveLayers } = useSaveMapLayers();
  const stations = useMemo(() => stationsShown(config.data, prefs.show_stations), [config.data, prefs.show_stations]);
  const overlays = useMemo(
    (): OverlayChoices => ({
      choices: prefs.layers,
      onChange: (next) => saveLayers(next, { onError: (error) => toast({ message: errorText(error), color: 'error' }) }),
    }),
    [prefs.layers, saveLayers, toast],
  );
  return { stations, overlays };
}
