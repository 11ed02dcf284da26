import { useEffect, useState } from 'react';
import { useContractOptions } from '../../../lib/contract-options';

/** Half the side of the area a map shows around a contract's reference point when there is nothing drawn yet (m). */
const AROUND_CONTRACT_M = 750;

/**
 * The SVY21 extent around the chosen contract's reference point (its easting/northing), for a map with nothing on it
 * yet; null when the contract has no reference point (the map then shows the configured bounds).
 */
export function useContractExtent(contractId: string | number | null | undefined): number[] | null {
  const contracts = useContractOptions();
  const contract = contracts.data?.find((c) => String(c.contract_id) === String(contractId ?? ''));
  if (!contract || contract.easting === null || contract.northing === null) return null;
  const { easting: e, northing: n } = contract;
  return [e - AROUND_CONTRACT_M, n - AROUND_CONTRACT_M, e + AROUND_CONTRACT_M, n + AROUND_CONTRACT_M];
}

/**
 * A key for a map that opens around a contract: it changes when the contract changes while `refit` holds (nothing
 * drawn yet), so the map is made again at the new place; drawing does not change it.
 */
export function useMapKey(contractId: string | number | null | undefined, refit: boolean): string {
  const [shownFor, setShownFor] = useState(String(contractId ?? ''));
  const current = String(contractId ?? '');
  useEffect(() => {
    if (refit && current !== shownFor) setShownFor(current);
  }, [refit, current, shownFor]);
  return `map-${shownFor}`;
}
