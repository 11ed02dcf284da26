import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTimezone } from '../../../lib/config';
import { dayjs } from '../../../lib/dayjs';

/** The tunnel detail's date slider in the query string (YYYY-MM-DD; absent: today), shared by the panel and the map. */
export const TUNNEL_DATE_PARAM = 'tunnel-date';

/** Today in the platform's zone, YYYY-MM-DD. */
export function useToday(): string {
  const tz = useTimezone();
  return dayjs().tz(tz).format('YYYY-MM-DD');
}

/** The date chosen on the slider (null: today, the latest progress) and its setter (replacing the history entry). */
export function useTunnelDate(): [string | null, (date: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(TUNNEL_DATE_PARAM);
  const date = useMemo(() => (raw !== null && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : null), [raw]);
  const set = useCallback(
    (next: string | null) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          if (next === null) out.delete(TUNNEL_DATE_PARAM);
          else out.set(TUNNEL_DATE_PARAM, next);
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [date, set];
}
