import { queryOptions, useQuery } from '@tanstack/react-query';

export const SECURITY_TXT_PATH = '/.well-known/security.txt';

/** The `Contact:` lines of a security.txt (RFC 9116). */
export function parseSecurityContacts(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => /^\s*contact\s*:\s*(\S+)\s*$/i.exec(line)?.[1])
    .filter((contact): contact is string => contact !== undefined && /^(mailto:|https:|tel:)/i.test(contact));
}

/** GET /.well-known/security.txt (served by the server, outside the API) -> its contacts. */
export async function getSecurityContacts(): Promise<string[]> {
  const response = await fetch(SECURITY_TXT_PATH, { headers: { Accept: 'text/plain' } });
  if (!response.ok) return [];
  if (!(response.headers.get('content-type') ?? '').startsWith('text/plain')) return [];
  return parseSecurityContacts(await response.text());
}

export function useSecurityContacts() {
  return useQuery(queryOptions({ queryKey: ['security-txt'], queryFn: getSecurityContacts, staleTime: Infinity, retry: false }));
}
