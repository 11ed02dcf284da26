/** How cases, their follow-ups and their files look in the API (TActionCase, TActionEntry). */
import { type ActionCaseCategory, type AlertKind, type TActionCase, type TActionEntry, type TActionEntryFile } from '@strata/shared';
import { iso } from '../../lib/filters.js';
import { alertMessageText, englishText, type MessageText } from '../alerts/alert-message.js';
import { type CaseFileRow, type CaseRow, type EntryRow } from './action-log.repository.js';

const toIso = (d: Date | string) => iso(new Date(d));
const toIsoOrNull = (d: Date | string | null) => (d === null ? null : toIso(d));

function messageOf(r: CaseRow): MessageText {
  return alertMessageText({
    kind: r.alertKind!,
    levelCode: r.alertLevel,
    instrumentName: r.alertInstrumentName,
    readingCode: r.readingCode,
    depth: r.depth,
    unit: r.unit,
    latestValue: r.latestValue,
    readingAt: r.readingAt,
    groupName: r.groupName,
    scenarioName: r.scenarioName,
    detail: r.alertDetail,
  });
}

const messageFields = (text: MessageText) => ({ message: englishText(text), message_key: text.key, message_params: text.params });

export function presentCase(r: CaseRow): TActionCase {
  return {
    case_id: r.caseId,
    category: r.category as ActionCaseCategory,
    status: r.status as TActionCase['status'],
    title: r.title,
    contract_id: r.contractId,
    contract_no: r.contractNo,
    alert_id: r.alertId,
    alert:
      r.alertId !== null && r.alertKind !== null
        ? {
            alert_id: r.alertId,
            kind: r.alertKind as AlertKind,
            status: r.alertStatus as 'open' | 'closed',
            level_code: r.alertLevel,
            level_color: r.alertLevelColor,
            ...messageFields(messageOf(r)),
          }
        : null,
    instrument_id: r.instrumentId,
    instrument_name: r.instrumentName,
    opened_by: r.openedBy ?? '',
    opened_at: toIso(r.openedAt),
    closed_by: r.status === 'closed' ? (r.closedBy ?? '') : null,
    closed_at: toIsoOrNull(r.closedAt),
    close_reason: r.closeReason,
    entry_count: r.entryCount,
    last_entry_at: toIsoOrNull(r.lastEntryAt),
  };
}

export function presentEntry(e: EntryRow, files: readonly CaseFileRow[]): TActionEntry {
  return {
    entry_id: e.entryId,
    case_id: e.caseId,
    action: e.action,
    done_at: toIso(e.doneAt),
    by: e.byName ?? '',
    created_at: toIso(e.createdAt),
    files: files.filter((f) => f.entryId === e.entryId).map(presentFile),
  };
}

export function presentFile(f: CaseFileRow): TActionEntryFile {
  return { file_id: f.fileId, kind: f.kind, file_name: f.fileName, size: Number(f.size) };
}
