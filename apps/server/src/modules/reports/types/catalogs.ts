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
    sections: [
      {
        key: 'status',
        label: 'Instrument status (a section per instrument type)',
        columns: [
          { key: 'instrument', label: 'Instrument' },
          { key: 'zone', label: 'Zone' },
          { key: 'required_frequency', label: 'Required frequency' },
          { key: 'required_readings', label: 'Required readings' },
          { key: 'achieved_readings', label: 'Achieved readings' },
          { key: 'compliance_percent', label: 'Compliance (%)' },
          { key: 'last_reading', label: 'Last reading' },
          { key: 'age_of_last_reading_days', label: 'Age of last reading (days)' },
        ],
      },
    ],
    charts: false,
  },
  imcSummaryReport: {
    sections: [
      {
        key: 'types',
        label: 'Compliance per instrument type',
        columns: [
          { key: 'type', label: 'Type' },
          { key: 'instruments', label: 'Instruments' },
          { key: 'with_a_frequency', label: 'With a frequency' },
          { key: 'required_readings', label: 'Required readings' },
          { key: 'achieved_readings', label: 'Achieved readings' },
          { key: 'compliance_percent', label: 'Compliance (%)' },
          { key: 'compliant_instruments', label: 'Compliant instruments' },
          { key: 'without_readings', label: 'Without readings' },
        ],
      },
      {
        key: 'contractors',
        label: 'Compliance per contractor',
        columns: [
          { key: 'contractor', label: 'Contractor' },
          { key: 'contracts', label: 'Contracts' },
          { key: 'instruments', label: 'Instruments' },
          { key: 'with_a_frequency', label: 'With a frequency' },
          { key: 'required_readings', label: 'Required readings' },
          { key: 'achieved_readings', label: 'Achieved readings' },
          { key: 'compliance_percent', label: 'Compliance (%)' },
          { key: 'compliant_instruments', label: 'Compliant instruments' },
          { key: 'without_readings', label: 'Without readings' },
        ],
      },
    ],
    charts: false,
  },
  imcQualityAudit: {
    sections: [
      {
        key: 'summary',
        label: 'Data quality summary',
        columns: [
          { key: 'type', label: 'Type' },
          { key: 'instruments', label: 'Instruments' },
          { key: 'missing_baselines', label: 'Missing baselines' },
          { key: 'stale_instruments', label: 'Stale instruments' },
          { key: 'gaps', label: 'Gaps' },
          { key: 'duplicate_rows', label: 'Duplicate rows' },
          { key: 'spikes', label: 'Spikes' },
          { key: 'rebaselines', label: 'Rebaselines' },
        ],
      },
      {
        key: 'baselines',
        label: 'Missing baselines',
        columns: [
          { key: 'instrument', label: 'Instrument' },
          { key: 'type', label: 'Type' },
          { key: 'zone', label: 'Zone' },
          { key: 'status', label: 'Status' },
          { key: 'install_date', label: 'Install date' },
          { key: 'first_reading', label: 'First reading' },
        ],
      },
      {
        key: 'stale',
        label: 'Stale instruments',
        columns: [
          { key: 'instrument', label: 'Instrument' },
          { key: 'type', label: 'Type' },
          { key: 'zone', label: 'Zone' },
          { key: 'required_frequency', label: 'Required frequency' },
          { key: 'last_reading', label: 'Last reading' },
          { key: 'age_of_last_reading_days', label: 'Age of last reading (days)' },
        ],
      },
      {
        key: 'gaps',
        label: 'Gaps in the readings',
        columns: [
          { key: 'instrument', label: 'Instrument' },
          { key: 'type', label: 'Type' },
          { key: 'zone', label: 'Zone' },
          { key: 'required_frequency', label: 'Required frequency' },
          { key: 'reading_before', label: 'Reading before' },
          { key: 'reading_after', label: 'Reading after' },
          { key: 'gap_days', label: 'Gap (days)' },
          { key: 'readings_missed', label: 'Readings missed' },
        ],
      },
      {
        key: 'duplicates',
        label: 'Duplicate readings refused',
        columns: [
          { key: 'uploaded', label: 'Uploaded' },
          { key: 'upload', label: 'Upload' },
          { key: 'uploaded_by', label: 'Uploaded by' },
          { key: 'instrument', label: 'Instrument' },
          { key: 'type', label: 'Type' },
          { key: 'zone', label: 'Zone' },
          { key: 'duplicate_rows', label: 'Duplicate rows' },
        ],
      },
      {
        key: 'spikes',
        label: 'Spikes',
        columns: [
          { key: 'opened', label: 'Opened' },
          { key: 'instrument', label: 'Instrument' },
          { key: 'reading', label: 'Reading' },
          { key: 'reading_time', label: 'Reading time' },
          { key: 'value', label: 'Value' },
          { key: 'unit', label: 'Unit' },
          { key: 'triggers', label: 'Triggers' },
          { key: 'status', label: 'Status' },
        ],
      },
      {
        key: 'rebaselines',
        label: 'Rebaselines',
        columns: [
          { key: 'opened', label: 'Opened' },
          { key: 'instrument', label: 'Instrument' },
          { key: 'baseline_date', label: 'Baseline date' },
          { key: 'message', label: 'Message' },
          { key: 'status', label: 'Status' },
        ],
      },
    ],
    charts: false,
  },
  installationStatus: {
    sections: [
      {
        key: 'types',
        label: 'Installation status per instrument type',
        columns: [
          { key: 'type', label: 'Type' },
          { key: 'planned', label: 'Planned' },
          { key: 'installed', label: 'Installed' },
          { key: 'reading', label: 'Reading' },
          { key: 'not_yet_installed', label: 'Not yet installed' },
          { key: 'installed_percent', label: 'Installed (%)' },
          { key: 'installed_in_the_period', label: 'Installed in the period' },
        ],
      },
      {
        key: 'zones',
        label: 'Installation status per zone',
        columns: [
          { key: 'zone', label: 'Zone' },
          { key: 'type', label: 'Type' },
          { key: 'planned', label: 'Planned' },
          { key: 'installed', label: 'Installed' },
          { key: 'reading', label: 'Reading' },
          { key: 'not_yet_installed', label: 'Not yet installed' },
          { key: 'installed_percent', label: 'Installed (%)' },
        ],
      },
      {
        key: 'plan',
        label: 'Planned instruments',
        columns: [
          { key: 'contract', label: 'Contract' },
          { key: 'instrument', label: 'Instrument' },
          { key: 'type', label: 'Type' },
          { key: 'zone', label: 'Zone' },
          { key: 'planned_install_date', label: 'Planned install date' },
          { key: 'state', label: 'State' },
          { key: 'install_date', label: 'Install date' },
          { key: 'first_reading', label: 'First reading' },
          { key: 'overdue', label: 'Overdue' },
          { key: 'remarks', label: 'Remarks' },
        ],
      },
      {
        key: 'not_planned',
        label: 'Installed instruments not in the plan',
        columns: [
          { key: 'contract', label: 'Contract' },
          { key: 'instrument', label: 'Instrument' },
          { key: 'type', label: 'Type' },
          { key: 'zone', label: 'Zone' },
          { key: 'install_date', label: 'Install date' },
          { key: 'status', label: 'Status' },
        ],
      },
    ],
    charts: false,
  },
  summaryWorkDone: {
    sections: [
      {
        key: 'readings',
        label: 'Readings taken',
        columns: [
          { key: 'type', label: 'Type' },
          { key: 'contractor', label: 'Contractor' },
          { key: 'counts', label: 'Readings per kind' },
          { key: 'total', label: 'Total' },
        ],
      },
      {
        key: 'uploads',
        label: 'Uploads processed',
        columns: [
          { key: 'upload_type', label: 'Upload type' },
          { key: 'received', label: 'Received' },
          { key: 'outcomes', label: 'Outcomes (loaded, invalid, rejected, failed, in progress)' },
          { key: 'rows_loaded', label: 'Rows loaded' },
        ],
      },
      {
        key: 'alerts',
        label: 'Alerts raised and closed',
        columns: [
          { key: 'alert', label: 'Alert' },
          { key: 'raised', label: 'Raised' },
          { key: 'closed', label: 'Closed' },
        ],
      },
      {
        key: 'cases',
        label: 'Action-log cases opened and closed',
        columns: [
          { key: 'category', label: 'Category' },
          { key: 'opened', label: 'Opened' },
          { key: 'closed', label: 'Closed' },
        ],
      },
    ],
    charts: false,
  },
} satisfies Record<string, ReportCatalog>;
