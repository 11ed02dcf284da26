/**
 * The unsafe-input rule shared by the server and the web: a text whose value changes when sanitised is rejected.
 *
 * Sanitising removes markup and control characters; it never encodes, so ordinary engineering text such as
 * `<0.5 m`, `a < b > c`, `5 <= 6`, `A&B`, `±20 mm` or Chinese text is unchanged.
 * - Markup is what an HTML parser would read as one: `<` immediately followed by a letter, `/`, `!` or `?`
 *   (a tag, end tag, comment, doctype or processing instruction), up to and including the next `>`, or to the
 *   end of the text when there is none. `<` followed by anything else (a digit, a space, `=`, `<`) is text.
 *   So `x<y` is rejected, as a browser would start a tag there; `x < y` and `x<5` are accepted.
 * - Control characters are the Unicode "Cc" characters except tab, line feed and carriage return.
 *
 * The result is a fixpoint: removing a tag can bring a `<` next to a letter (`<<b>b>`, `<\u0000b>`), so that new
 * tag is removed too, in the same single linear pass. `sanitizeText(sanitizeText(s)) === sanitizeText(s)`.
 */

function isControl(code: number): boolean {
  return (code <= 0x1f && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);
}

function startsMarkup(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x61 && code <= 0x7a) || // a-z
    code === 0x2f || // /
    code === 0x21 || // !
    code === 0x3f // ?
  );
}

export function sanitizeText(value: string): string {
  const out: string[] = [];
  const n = value.length;
  let i = 0;
  while (i < n) {
    const code = value.charCodeAt(i);
    if (isControl(code)) {
      i += 1;
    } else if (startsMarkup(code) && out[out.length - 1] === '<') {
      // `<` (already kept, possibly brought here by an earlier removal) starts markup: drop it and the markup.
      out.pop();
      const close = value.indexOf('>', i);
      i = close === -1 ? n : close + 1;
    } else {
      out.push(value[i]!);
      i += 1;
    }
  }
  return out.join('');
}

export function isSafeText(value: string): boolean {
  return sanitizeText(value) === value;
}

/**
 * Fields the rule never applies to: secrets are compared, not shown (passwords, tokens, one-time codes).
 * Tested on the last segment of a field path (`account.newPassword` -> `newPassword`).
 */
export const SANITIZE_EXEMPT_FIELD = /password|token|secret|otp|^code$/i;

export function isSanitizeExempt(fieldPath: string): boolean {
  const leaf = fieldPath.split('.').pop() ?? fieldPath;
  return SANITIZE_EXEMPT_FIELD.test(leaf);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Well-formed text: no lone UTF-16 surrogate (half of a pair with no other half, as `"\ud800"` in JSON makes). Such
 * a text is no Unicode text at all: it cannot be stored (PostgreSQL refuses it in jsonb, UTF-8 turns it into U+FFFD)
 * nor shown. Every field is held to it, secrets included (docs/decisions/033-bad-input-and-api-fuzzing.md).
 */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}
