/** How an alert looks in the API (TAlert). */
import { ALERT_KIND_SEVERITY, type AlertKind, type TAlert } from '@strata/shared';
import { iso } from '../../lib/filters.js';
import { alertMessageText, englishText } from './alert-message.js';
import { type AlertRow } from './alerts.repository.js';

export function presentAlert(r: AlertRow): TAlert {
  const text = alertMessageText({
    kind: r.kind,
    levelCode: r.levelCode,
    instrumentName: r.instrumentName,
    readingCode: r.readingCode,
    depth: r.depth,
    unit: r.unit,
    latestValue: r.latestValue,
    readingAt: r.readingAt,
    groupName: r.groupName,
    scenarioName: r.scenarioName,
    detail: r.detail,
  });
  return {
    alert_id: r.alertId,
    contract_id: r.contractId,
    contract_no: r.contractNo,
    kind: r.kind as AlertKind,
    status: r.status as TAlert['status'],
    level_code: r.levelCode,
    level_name: r.levelName,
    level_color: r.levelColor,
    severity: r.levelSeverity ?? ALERT_KIND_SEVERITY[r.kind as AlertKind] ?? 1,
    instrument_id: r.instrumentId,
    instrument_name: r.instrumentName,
    type_code: r.typeCode,
    type_name: r.typeName,
    series_id: r.seriesId,
    reading_code: r.readingCode,
    depth: r.depth,
    unit: r.unit,
    group_id: r.groupId,
    group_name: r.groupName,
    scenario_id: r.scenarioId,
    scenario_name: r.scenarioName,
    message: englishText(text),
    message_key: text.key,
    message_params: text.params,
    opened_at: iso(new Date(r.openedAt)),
    last_triggered_at: iso(new Date(r.lastTriggeredAt)),
    reading_at: r.readingAt ? iso(new Date(r.readingAt)) : null,
    first_value: r.firstValue,
    latest_value: r.latestValue,
    peak_value: r.peakValue,
    trigger_count: r.triggerCount,
    closed_at: r.closedAt ? iso(new Date(r.closedAt)) : null,
    closed_by: r.closedBy,
    close_reason: r.closeReason,
  };
}
