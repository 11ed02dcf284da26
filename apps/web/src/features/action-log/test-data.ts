import type { TActionCase, TActionCaseAlertSummary, TActionCaseDetail, TActionEntry } from '@strata/shared';
import { alertFixture } from '../../test/fixtures';

/** Alert 5 of contract C101 (11): SM-1023 at WSL. */
export const caseAlert = alertFixture;

/** Case 9: the breached-instrument case of alert 5. */
export function caseRow(overrides: Partial<TActionCase> = {}): TActionCase {
  return {
    case_id: 9,
    category: 'breached',
    status: 'open',
    title: 'SM-1023 DSPA -31.2 mm passed WSL',
    contract_id: 11,
    contract_no: 'C101',
    alert_id: 5,
    alert: alertSummaryFixture(),
    instrument_id: 21,
    instrument_name: 'SM-1023',
    opened_by: 'Alice Tan',
    opened_at: '2026-11-21T02:00:00.000Z',
    closed_by: null,
    closed_at: null,
    close_reason: null,
    entry_count: 1,
    last_entry_at: '2026-11-21T03:00:00.000Z',
    ...overrides,
  };
}

export function entry(overrides: Partial<TActionEntry> = {}): TActionEntry {
  return {
    entry_id: 31,
    case_id: 9,
    action: 'Inspected the marker; the hoarding has a crack.',
    done_at: '2026-11-21T03:00:00.000Z',
    by: 'Bob Lim',
    created_at: '2026-11-21T03:10:00.000Z',
    files: [
      { file_id: 70, kind: 'photo', file_name: 'crack.png', size: 2048 },
      { file_id: 71, kind: 'document', file_name: 'inspection.pdf', size: 4096 },
    ],
    ...overrides,
  };
}

export function caseDetail(overrides: Partial<TActionCaseDetail> = {}): TActionCaseDetail {
  return {
    case: caseRow(),
    alert: caseAlert(),
    entries: [entry()],
    unlinked_files: [],
    can: { follow_up: true, close: true, download: true },
    ...overrides,
  };
}

export const VIEW_BREACHED = 'VieworDownloadBreachedInstrumentCases';
export const EDIT_BREACHED = 'EditorFollowUpBreachedInstrumentCases';
export const CLOSE_BREACHED = 'CloseBreachedInstrumentCases';

/** What a case says of alert 5 (alertFixture): the fields of ZActionCaseAlertSummary. */
export function alertSummaryFixture(): TActionCaseAlertSummary {
  const { alert_id, kind, status, level_code, level_color, message, message_key, message_params } = alertFixture();
  return { alert_id, kind, status, level_code, level_color, message, message_key, message_params };
}
