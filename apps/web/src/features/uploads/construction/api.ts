import { INSTRUMENT_PLANS_TOPIC, ZInstrumentPlanList, ZUploadCreated, ZUploadList } from '@strata/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sendFiles } from '../../../components/upload-button';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { liveEvents } from '../../../lib/live-connection';
import { uploadKeys, type UploadListParams } from '../api';
import { templatePath, type ConstructionUploadType } from './records';

/** `GET /uploads?type=excavation|tunnel|qpd|instrument-plan`: a sheet upload history, newest first. */
export function useConstructionUploads(type: ConstructionUploadType, params: UploadListParams, enabled = true) {
  return useQuery({
    queryKey: uploadKeys.typeList(type, params),
    queryFn: ({ signal }) => apiRequest('/uploads', { query: { type, ...params }, schema: ZUploadList, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export interface SendConstructionOptions {
  type: ConstructionUploadType;
  file: File;
  contractId: number;
  /** Process a file already uploaded (the server refuses it with 409 otherwise). */
  force?: boolean;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** `POST /uploads/excavation|tunnel|qpd|instrument-plan` (multipart: the file and contract_id; force=true processes a file already uploaded). */
export async function sendConstructionFile({ type, file, contractId, force, onProgress, signal }: SendConstructionOptions) {
  const answer = await sendFiles({
    path: force ? `/uploads/${type}?force=true` : `/uploads/${type}`,
    files: [file],
    fields: { contract_id: contractId },
    onProgress,
    signal,
    emitHttpError: false,
  });
  return ZUploadCreated.parse(answer);
}

/** Saves the template of a type (`GET /uploads/templates/{type}?format=csv|xlsx`). */
export function downloadConstructionTemplate(type: ConstructionUploadType, format: 'csv' | 'xlsx'): Promise<string> {
  return downloadFile(templatePath(type, format), { fileName: `${type}-template.${format}` });
}

/** Query keys of the instrument plans (a live `instrument-plans` or `instruments` event invalidates `all`). */
export const instrumentPlanKeys = {
  all: ['instrument-plans'] as const,
  list: (contracts: string) => [...instrumentPlanKeys.all, contracts] as const,
};

/**
 * `GET /instrument-plans?contracts=[…]`: the planned instruments of the contracts with their state (planned, installed,
 * reading) and the totals per type. `contracts` is the JSON list sent; null asks nothing (no contract is active).
 * While shown, an approved plan upload (INSTRUMENT_PLANS_TOPIC), a new instrument or new readings refetch it.
 */
export function useInstrumentPlans(contracts: string | null) {
  const client = useQueryClient();
  useEffect(
    () =>
      liveEvents.on('notification', (event) => {
        if (event.type === 'dataUpdated' && PLAN_LIVE_TOPICS.includes(event.topic)) void client.invalidateQueries({ queryKey: instrumentPlanKeys.all });
      }),
    [client],
  );
  return useQuery({
    queryKey: instrumentPlanKeys.list(contracts ?? ''),
    queryFn: ({ signal }) => apiRequest('/instrument-plans', { query: { contracts: contracts ?? '' }, schema: ZInstrumentPlanList, signal }),
    enabled: contracts !== null,
    placeholderData: keepPreviousData,
  });
}

/** The live topics that change a plan's state: the plan itself, the instruments, their readings. */
const PLAN_LIVE_TOPICS: readonly string[] = [INSTRUMENT_PLANS_TOPIC, 'instrument', 'instruments', 'readings'];
