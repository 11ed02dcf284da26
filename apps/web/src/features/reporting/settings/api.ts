import { ZReportProtection, type TReportProtection, type TReportProtectionUpdate } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const reportSettingsKey = ['reporting', 'settings'] as const;

/** `GET /reports/settings`: the protection settings; passwords only as "set" or not. */
export function useReportSettings() {
  return useQuery({
    queryKey: reportSettingsKey,
    queryFn: ({ signal }) => apiRequest('/reports/settings', { schema: ZReportProtection, signal }),
  });
}

/**
 * `PUT /reports/settings`: a password left out keeps the stored one, null clears it, a string sets it. The answer
 * (the settings as GET gives them) is validated when it is JSON; the page reads them again after.
 */
export async function saveReportSettings(body: TReportProtectionUpdate): Promise<TReportProtection | null> {
  const answer = await apiRequest('/reports/settings', { method: 'PUT', json: body, emitHttpError: false });
  const parsed = ZReportProtection.safeParse(answer);
  return parsed.success ? parsed.data : null;
}
