import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { usePagePath } from '../../lib/page-nav';

/** A link to a page of the app (a path below the language prefix). */
export function AppLink({ to, ...props }: Omit<MuiLinkProps, 'href'> & { to: string }) {
  const href = usePagePath();
  return <MuiLink component={RouterLink} to={href(to)} {...props} />;
}
