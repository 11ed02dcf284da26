import { useState } from 'react';
import type { TableQuery } from '../../../components/data-table';
import { useGeneratedFiles } from './api';
import { GeneratedFilesTable } from './generated-files-table';

/** The latest generated files of one type (under the buttons of a report). */
export function RecentFiles({ type, enabled = true }: { type: string; enabled?: boolean }) {
  const [table, setTable] = useState<TableQuery>({ page: 1, pageSize: 5, sort: null });
  const query = useGeneratedFiles({ type, limit: table.pageSize, skip: (table.page - 1) * table.pageSize }, enabled);
  return <GeneratedFilesTable query={query} page={table.page} pageSize={table.pageSize} onChange={setTable} hideType />;
}
