import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A full-height page with its content centred: sign-in, errors, the 404 page. */
export function CenteredPage({ children, maxWidth = 420 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Box sx={{ width: '100%', maxWidth }}>{children}</Box>
    </Box>
  );
}
