import { hasAnyPermission, type PermissionCode } from '@strata/shared';
import { useSession } from './auth-store';

/** True when the user holds at least one of the codes (or none are asked for). The UI hides; the server decides. */
export function useCan(...codes: readonly PermissionCode[]): boolean {
  const permissions = useSession((state) => state.permissions);
  return hasAnyPermission(permissions, codes);
}

/** The same check for a list that may be absent (route tasks, action acl). */
export function useHasAnyPermission(codes: readonly PermissionCode[] | undefined): boolean {
  const permissions = useSession((state) => state.permissions);
  return hasAnyPermission(permissions, codes);
}
