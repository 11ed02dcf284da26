import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZRegisterContractors, type TRegisterContractors } from '@strata/shared';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

export type ContractorChoice = TRegisterContractors['records'][number];

/** The contractors a person registering may choose from (a public list of ids and names). */
export function getRegisterContractors(): Promise<ContractorChoice[]> {
  return apiRequest('/account/register/contractors', {
    schema: ZRegisterContractors,
    redirectOnUnauthorized: false,
    emitHttpError: false,
  }).then((list) => list.records);
}

export function useRegisterContractors() {
  return useQuery(
    queryOptions({
      queryKey: accountKeys.registerContractors(),
      queryFn: getRegisterContractors,
      retry: false,
      staleTime: Infinity,
    }),
  );
}
