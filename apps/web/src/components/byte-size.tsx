import { formatBytes } from '@strata/shared';

/** A size in base-1000 units (spec §9): 1500 -> "1.5 kB"; the exact count is in the title. */
export function ByteSize({ value }: { value: number | null | undefined }) {
  const text = formatBytes(value);
  if (text === '') return null;
  return <span title={`${(value ?? 0).toLocaleString('en')} B`}>{text}</span>;
}
