import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemKeys } from './keys';

export const SECURITY_TXT_PATH = '/.well-known/security.txt';

/** The `Contact:` lines of a security.txt (RFC 9116). */
export function parseSecurityContacts(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => /^\s*contact\s*:\s*(\S+)\s*$/i.exec(line)?.[1])
    .filter((contact): contact is string => contact !== undefined && /^(mailto:|https:|tel:)/i.test(contact));
}

/**
 * What the server's security.txt says: `unset` when the server has no security contact set up (it answers 404 in
 * plain text), `unknown` when the file could not be read, else its contacts.
 */
export type SecurityContacts = { state: 'listed'; contacts: string[] } | { state: 'unset' } | { state: 'unknown' };

const isText = (response: Response) => (response.headers.get('content-type') ?? '').startsWith('text/plain');

/** GET /.well-known/security.txt (served by the server, outside the API) -> its contacts. */
export async function getSecurityContacts(): Promise<SecurityContacts> {
  const response = await fetch(SECURITY_TXT_PATH, { headers: { Accept: 'text/plain' } });
  if (response.status === 404 && isText(response)) return { state: 'unset' };
  if (!response.ok || !isText(response)) return { state: 'unknown' };
  const contacts = parseSecurityContacts(await response.text());
  return contacts.length > 0 ? { state: 'listed', contacts } : { state: 'unknown' };
}

export function useSecurityContacts() {
  return useQuery(queryOptions({ queryKey: systemKeys.securityContacts(), queryFn: getSecurityContacts, staleTime: Infinity, retry: false }));
}
