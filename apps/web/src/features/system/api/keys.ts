/** Query keys of the system pages: the server's security.txt, read once (it changes only with the server's set-up). */
export const systemKeys = {
  securityContacts: () => ['security-txt'] as const,
};
