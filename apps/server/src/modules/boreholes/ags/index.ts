/** AGS3.1 / AGS(SG) and AGS4: one streaming reader, the AGS4 and AGS3 checkers, the AGS4 writer (decision 035). */
export type * from './types.js';
export { readAgs, readAgsBuffer, AgsParser, type AgsSource, type ReadOptions } from './reader.js';
export { checkAgs, checkAgsBuffer, type CheckOptions, type CheckResult } from './checker/index.js';
export { AGS3_RULES } from './checker/ags3-rules.js';
export { MAX_FINDINGS_PER_RULE, PROCESS_ERROR } from './checker/findings.js';
export { writeAgs4, ags4Chunks, ags4DataLine } from './writer.js';
export { toAgs4Names, ags4GroupName, ags4HeadingName, ags4DateTime } from './ags3-names.js';
export { STANDARD_DICTIONARIES, LATEST_DICTIONARY_VERSION, standardDictionary } from './dictionary.js';
