/**
 * What other modules use of the readings store: the upload pipeline loads readings (partitions, series, duplicate
 * check, the COPY load); instruments and instrument types count and delete the series they own. They reach it here,
 * not through the repositories (tools/eslint-import-boundaries.js). Apart from readings.service.ts, which depends on
 * the instruments module and so cannot be imported back by it.
 */
export { ensurePartitions } from './readings-partitions.repository.js';
export { loadReadings, seriesOfInstruments, storedTimes } from './readings-load.repository.js';
export { deleteReadingsOfInstrument, seriesCountOfInstrument, seriesCountOfReadingCode } from './readings.repository.js';
/** Critical interfaces and mining works show their instruments' status, latest values and trend from the same queries. */
export { instrumentStatuses, latestOf } from './readings.repository.js';
export { latestAtOrBefore } from './readings-chart.repository.js';
