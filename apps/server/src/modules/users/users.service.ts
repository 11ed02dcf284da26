/**
 * The users module's public surface. The module owns `users` and `account_tokens` but has no API of its own: auth,
 * account, passwords, registration, tfa, admin-users and realtime read and write users through these functions, never
 * through the repositories (tools/eslint-import-boundaries.js).
 */
export {
  findActiveUsersByLoginOrEmail,
  findContractorName,
  findRoleName,
  findUserByEmail,
  findUserById,
  findUserByLoginName,
  insertUser,
  permissionCodesOfRole,
  roleExists,
  setLastUrl,
  updateUser,
  type UserRow,
} from './users.repository.js';
export { consumeAccountToken, findUsableAccountToken, issueAccountToken, revokeAccountTokens } from './account-tokens.repository.js';
