import Box from '@mui/material/Box';
import { Children, type ReactNode } from 'react';

export interface ListFiltersProps {
  /** The list's search field: the widest cell, a row of its own on tablets. */
  search: ReactNode;
  /** The other filters (selects, toggle groups), one cell each. */
  children?: ReactNode;
}

/**
 * The filter bar above a list page's table: one column on phones; the search above two columns of filters on
 * tablets; one row on desktops (the search twice as wide as each filter). Every list page uses it, so their filters
 * line up the same way.
 */
export function ListFilters({ search, children }: ListFiltersProps) {
  // At least two filter columns, so that a lone search field does not stretch across the whole page.
  const columns = Math.max(2, Children.toArray(children).length);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: `minmax(260px, 2fr) repeat(${columns}, minmax(0, 1fr))` },
        alignItems: 'start',
      }}
    >
      <Box sx={{ gridColumn: { sm: '1 / -1', lg: 'auto' } }}>{search}</Box>
      {children}
    </Box>
  );
}
