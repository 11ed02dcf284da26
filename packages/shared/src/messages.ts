/**
 * The catalogue of sentences the server sends people: the specification's strings verbatim, and every field error a
 * service raises on purpose (docs/decisions/029-form-messages.md). The web holds each under `messages.<key>` in every
 * language (its English equal to this text) and `translateMessage` says a received text in the reader's language. A
 * text with `{{name}}` parts is a template: the server sends it filled in (`messageText`) and the web reads the
 * parameters back (`matchMessage`).
 */
export const MESSAGES = {
  userNameRequired: 'User name is required',
  userPasswordRequired: 'User password is required',
  invalidCredentials: 'Invalid login name or password',
  rateLimited: 'Rate limit exceeded. Please try again later.',
  maliciousInput: 'input contains malicious character',
  notFound: "We are looking for your page..but we can't find it.",
  unauthorized: 'Authentication required',
  forbidden: 'You do not have permission to perform this action',
  csrf: 'Invalid or missing CSRF token',
  accountDisabled: 'Invalid login name or password',
  shuttingDown: 'Server is shutting down',
  databaseUnavailable: 'The database cannot be reached just now. Try again in a moment.',
  internal: 'Internal server error',
  noData: 'No data to display',
  failedToFetch: 'Failed to fetch data',
  // Accounts (issue 4): the spec shows none of these; written in plain words.
  registered:
    'Thank you. Your request has been sent to an administrator for approval. When it is approved you will receive an e-mail with a link to activate your account and set your password.',
  loginNameTaken: 'This login name is already taken',
  emailTaken: 'This e-mail address is already registered',
  contractorRequired: 'Contractor is required for a Contractor user',
  loginNameChars: 'Login name may contain only letters, digits, dot, underscore and hyphen',
  contractorNotFound: 'Contractor not found',
  invalidLink: 'This link is invalid or has expired. Please ask for a new one.',
  forgotPasswordSent:
    'If the login name or e-mail address belongs to an account, we have sent an e-mail with a link to reset the password. The link is valid for 1 hour.',
  passwordExpired: 'Your password has expired. Please change it to continue.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordWrong: 'Password is incorrect',
  // The password rules (password-rules.ts): the forms check them first, the server always.
  passwordTooShort: 'Password must be at least {{min}} characters',
  passwordTooLong: 'Password must be at most {{max}} characters',
  passwordContainsLoginName: 'Password must not contain your login name',
  passwordContainsEmail: 'Password must not contain your e-mail address',
  passwordTooCommon: 'This password is too common; choose another',
  passwordSameAsCurrent: 'New password must be different from the current one',
  tfaCodeInvalid: 'The code is not valid',
  tfaAlreadyEnabled: 'Two-factor authentication is already enabled',
  tfaNotEnrolling: 'Start the two-factor set-up first',
  tfaNotEnabled: 'Two-factor authentication is not enabled',
  userNotFound: 'User not found',
  userNotPending: 'This user is not waiting for approval',
  roleNotFound: 'Role not found',
  notAnImage: 'The file is not an image (JPEG, PNG, WebP, GIF, AVIF or TIFF)',
  imageTooLarge: 'The picture must be at most 2 MB',
  fileRequired: 'Choose a picture to upload',
  bookmarkNotFound: 'Bookmark not found',
  tooManyBookmarks: 'You can keep at most 1000 bookmarks',
  // Instrument master data: the characters a name or a type code may hold (the web translates them).
  instrumentNameChars: 'Name may not hold , ; or "',
  typeCodeChars: 'Code may hold capital letters, digits, _ and -',
  readingCodeChars: 'Code may hold letters, digits, _ . and -',
  maxAboveMin: 'The maximum must be greater than the minimum',
  // A time range (the announcement's "show until").
  endAfterStart: 'End must be after start',
  // Bad input (issue 17, docs/decisions/033-bad-input-and-api-fuzzing.md).
  malformedText: 'Text holds a character that is not valid Unicode (a lone surrogate)',
  malformedUpload: 'The upload could not be read: the form is malformed or incomplete. Choose the file and send it again.',
  invalidId: 'Not a valid id',
  unknownTimeZone: 'Unknown time zone',
  // A progress drawing's date and place on the map (issue 19, decision 038).
  drawingNotPlaceable: 'Only PNG and JPEG drawings can be shown on the map',
  drawingDateRequired: 'A drawing shown on the map needs its date',
  drawingExtentInvalid: 'The place is four numbers: Easting and Northing of the lower-left and of the upper-right corner',
  drawingExtentRange: 'Easting and Northing must be SVY21 metres between 0 and 100000',
  drawingExtentOrder: 'The upper-right corner must lie right of and above the lower-left corner',
  drawingDateInvalid: 'Enter a date as YYYY-MM-DD',
} as const;

export type MessageKey = keyof typeof MESSAGES;
type CatalogueText = (typeof MESSAGES)[MessageKey];
type Template = `${string}{{${string}}}${string}`;

/** The keys of the templates: texts with `{{name}}` parameters. */
export type MessageTemplateKey = { [K in MessageKey]: (typeof MESSAGES)[K] extends Template ? K : never }[MessageKey];

/** The parameter names of a template text. */
type ParamsOf<T extends string> = T extends `${string}{{${infer Name}}}${infer Rest}` ? Name | ParamsOf<Rest> : never;
export type MessageParams<K extends MessageTemplateKey> = Record<ParamsOf<(typeof MESSAGES)[K]>, string | number>;

declare const filledTemplate: unique symbol;
/** A template of the catalogue with its parameters filled in (made only by `messageText`). */
export type FilledMessage = string & { readonly [filledTemplate]: true };

/** A sentence of the catalogue as it is sent: a plain text, or a template filled in. */
export type MessageText = Exclude<CatalogueText, Template> | FilledMessage;

const PARAMETER = /\{\{(\w+)\}\}/g;

/** A template with its parameters filled in: the English sentence the server sends. */
export function messageText<K extends MessageTemplateKey>(key: K, params: MessageParams<K>): FilledMessage {
  const values = params as Record<string, string | number>;
  return MESSAGES[key].replace(PARAMETER, (_, name: string) => String(values[name])) as FilledMessage;
}

const byText = new Map<string, MessageKey>();
const templates: { key: MessageKey; pattern: RegExp; names: string[] }[] = [];
for (const [key, text] of Object.entries(MESSAGES) as [MessageKey, string][]) {
  const names = [...text.matchAll(PARAMETER)].map((m) => m[1]!);
  if (names.length === 0) {
    if (!byText.has(text)) byText.set(text, key);
    continue;
  }
  const source = text
    .split(PARAMETER)
    .map((part, i) => (i % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  templates.push({ key, pattern: new RegExp(`^${source}$`, 's'), names });
}

/**
 * The key (and a template's parameters, as text) of a sentence of the catalogue, as the server sent it; null for any
 * other text. A plain text is matched before the templates.
 */
export function matchMessage(text: string): { key: MessageKey; params: Record<string, string> } | null {
  const key = byText.get(text);
  if (key) return { key, params: {} };
  for (const template of templates) {
    const found = template.pattern.exec(text);
    if (found) return { key: template.key, params: Object.fromEntries(template.names.map((name, i) => [name, found[i + 1]!])) };
  }
  return null;
}
