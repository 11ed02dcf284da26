import type { ReportCatalog } from '../report-types.js';

/**
 * What a custom template (issue 21, decision 041) of each type may choose: the section keys the type tags its level-1
 * headings with and the column keys of its tables. Several headings may share a key (a section per instrument type).
 */
export const CATALOGS = {
  geostatus: {
    sections: [
      {
        key: 'status',
        label: 'Instrument status (a section per instrument type)',
        columns: [
          { key: 'instrument', label: 'Instrument' },
          { key: 'zone', label: 'Zone' },
          { key: 'reading', label: 'Reading' },
          { key: 'depth', label: 'Depth (m)' },
          { key: 'unit', label: 'Unit' },
          { key: 'last_reading', label: 'Last reading' },
          { key: 'latest_value', label: 'Latest value' },
          { key: 'change', label: 'Change since previous' },
          { key: 'rate', label: 'Rate per day' },
          { key: 'cumulative', label: 'Cumulative since baseline' },
          { key: 'levels', label: 'Threshold levels' },
          { key: 'status', label: 'Status' },
        ],
      },
    ],
    charts: false,
  },
  geosum: {
    sections: [
      { key: 'types', label: 'Instruments by type and status', columns: [] },
      {
        key: 'movements',
        label: 'Largest movements in the period',
        columns: [
          { key: 'instrument', label: 'Instrument' },
          { key: 'type', label: 'Type' },
          { key: 'reading', label: 'Reading' },
          { key: 'depth', label: 'Depth (m)' },
          { key: 'unit', label: 'Unit' },
          { key: 'start_value', label: 'Start value' },
          { key: 'last_reading', label: 'Last reading' },
          { key: 'latest_value', label: 'Latest value' },
          { key: 'movement', label: 'Movement' },
          { key: 'status', label: 'Status' },
        ],
      },
      {
        key: 'breaches',
        label: 'Breach summary',
        columns: [
          { key: 'level', label: 'Level' },
          { key: 'count', label: 'Breaches' },
          { key: 'open', label: 'Open' },
          { key: 'closed', label: 'Closed' },
          { key: 'instrument', label: 'Instrument' },
          { key: 'reading', label: 'Reading' },
          { key: 'opened', label: 'Opened' },
          { key: 'last_triggered', label: 'Last triggered' },
          { key: 'peak_value', label: 'Peak value' },
          { key: 'status', label: 'Status' },
        ],
      },
      { key: 'charts', label: 'Key charts', columns: [] },
    ],
    charts: true,
  },
  geoblank: {
    sections: [
      {
        key: 'sheets',
        label: 'Reading sheets (a section per instrument type)',
        columns: [
          { key: 'instrument', label: 'Instrument' },
          { key: 'location', label: 'Location' },
          { key: 'reading', label: 'Reading' },
          { key: 'last_value', label: 'Last value' },
          { key: 'last_date', label: 'Last date' },
          { key: 'date', label: 'Date' },
          { key: 'time', label: 'Time' },
          { key: 'new_reading', label: 'New reading' },
          { key: 'remarks', label: 'Remarks' },
          { key: 'initials', label: 'Initials' },
        ],
      },
    ],
    charts: false,
  },
  reading: {
    sections: [
      {
        key: 'readings',
        label: 'Readings and charts (a section per instrument type)',
        columns: [
          { key: 'instrument', label: 'Instrument' },
          { key: 'reading', label: 'Reading' },
          { key: 'depth', label: 'Depth (m)' },
          { key: 'unit', label: 'Unit' },
          { key: 'time', label: 'Time' },
          { key: 'value', label: 'Value' },
        ],
      },
    ],
    charts: true,
  },
  breach: {
    sections: [
      {
        key: 'breaches',
        label: 'Breaches in the period',
        columns: [
          { key: 'opened', label: 'Opened' },
          { key: 'instrument', label: 'Instrument' },
          { key: 'reading', label: 'Reading' },
          { key: 'level', label: 'Level' },
          { key: 'first_value', label: 'First value' },
          { key: 'peak_value', label: 'Peak value' },
          { key: 'unit', label: 'Unit' },
          { key: 'case', label: 'Case' },
          { key: 'acknowledged', label: 'Acknowledged' },
          { key: 'closed', label: 'Closed' },
        ],
      },
      { key: 'details', label: 'Breach details', columns: [] },
    ],
    charts: false,
  },
  imcStatusInstrument: {
    sections: [{ key: 'status', label: 'Instrument status (a section per instrument type)', columns: [] }],
    charts: false,
  },
  imcSummaryReport: {
    sections: [
      { key: 'types', label: 'Compliance per instrument type', columns: [] },
      { key: 'contractors', label: 'Compliance per contractor', columns: [] },
    ],
    charts: false,
  },
  imcQualityAudit: {
    sections: [
      { key: 'summary', label: 'Data quality summary', columns: [] },
      { key: 'baselines', label: 'Missing baselines', columns: [] },
      { key: 'stale', label: 'Stale instruments', columns: [] },
      { key: 'gaps', label: 'Gaps in the readings', columns: [] },
      { key: 'duplicates', label: 'Duplicate readings refused', columns: [] },
      { key: 'spikes', label: 'Spikes', columns: [] },
      { key: 'rebaselines', label: 'Rebaselines', columns: [] },
    ],
    charts: false,
  },
  installationStatus: {
    sections: [
      { key: 'types', label: 'Installation status per instrument type', columns: [] },
      { key: 'zones', label: 'Installation status per zone', columns: [] },
      { key: 'plan', label: 'Planned instruments', columns: [] },
      { key: 'not_planned', label: 'Installed instruments not in the plan', columns: [] },
    ],
    charts: false,
  },
  summaryWorkDone: {
    sections: [
      { key: 'readings', label: 'Readings taken', columns: [] },
      { key: 'uploads', label: 'Uploads processed', columns: [] },
      { key: 'alerts', label: 'Alerts raised and closed', columns: [] },
      { key: 'cases', label: 'Action-log cases opened and closed', columns: [] },
    ],
    charts: false,
  },
} satisfies Record<string, ReportCatalog>;
