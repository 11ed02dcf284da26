import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

export interface SectionProps {
  title?: ReactNode;
  subheader?: ReactNode;
  /** Buttons at the right of the title (they wrap under it on phones). */
  action?: ReactNode;
  children: ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * A titled card of a page: a `section` region named by its title (the page title is the top bar's h1, so section
 * titles are h2).
 */
export function Section({ title, subheader, action, children, sx }: SectionProps) {
  const id = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={title ? id : undefined} sx={sx}>
      {(title || action) && (
        <CardHeader
          title={title}
          subheader={subheader}
          action={action}
          slotProps={{ title: { component: 'h2', variant: 'h6', id } }}
          sx={{ flexWrap: 'wrap', rowGap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
        />
      )}
      <CardContent sx={{ pt: title || action ? 0 : 2, '&:last-child': { pb: 2 } }}>{children}</CardContent>
    </Card>
  );
}
