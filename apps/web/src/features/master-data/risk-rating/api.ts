import { ZRiskRatingResponse, type TRiskRating, type TRiskRatingResponse } from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Query keys of the risk rating: one rule, rewritten from the answer of its save. */
export const riskRatingKeys = {
  all: ['master-data', 'risk-rating'] as const,
  rule: () => riskRatingKeys.all,
};

/** `GET /master-data/risk-rating` (ManageRiskRatingSettings). */
export function useRiskRating() {
  return useQuery({
    queryKey: riskRatingKeys.rule(),
    queryFn: ({ signal }) => apiRequest('/master-data/risk-rating', { schema: ZRiskRatingResponse, signal }),
  });
}

/** `PUT /master-data/risk-rating`: the whole rule. The form shows the errors. */
export function useSaveRiskRating() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TRiskRating): Promise<TRiskRatingResponse> =>
      apiRequest('/master-data/risk-rating', { method: 'PUT', json: body, schema: ZRiskRatingResponse, emitHttpError: false }),
    onSuccess: (saved) => client.setQueryData(riskRatingKeys.rule(), saved),
  });
}
