import { Outlet } from 'react-router';
import { RouteProgress } from './route-progress';
import { useDocumentTitle } from './use-document-title';

/** The element of `/:lang`: what every page shares, signed in or not. */
export function LanguageRoot() {
  useDocumentTitle();
  return (
    <>
      <RouteProgress />
      <Outlet />
    </>
  );
}
