import { describe, expect, it } from 'vitest';
import { matchMessage, MESSAGES, messageText, type MessageKey } from './messages.js';

const PARAMETER = /\{\{(\w+)\}\}/g;

/** Each template filled with values of its own (a name, a number, a list with punctuation). */
function sample(text: string): { filled: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  let n = 0;
  const filled = text.replace(PARAMETER, (_, name: string) => {
    n += 1;
    params[name] ??= n % 2 === 0 ? String(1000 * n) : `x (${n}), y.z`;
    return params[name];
  });
  return { filled, params };
}

describe('the message catalogue', () => {
  it('reads every text back to its key (or a key of the same text), a template with its parameters', () => {
    for (const [key, text] of Object.entries(MESSAGES) as [MessageKey, string][]) {
      const { filled, params } = sample(text);
      const found = matchMessage(filled);
      expect(found, key).not.toBeNull();
      expect(MESSAGES[found!.key], key).toBe(text);
      expect(found!.params, key).toEqual(params);
    }
  });

  it('fills a template with its parameters, as the server sends it', () => {
    expect(messageText('passwordTooShort', { min: 12 })).toBe('Password must be at least 12 characters');
    expect(matchMessage('Password must be at least 12 characters')).toEqual({ key: 'passwordTooShort', params: { min: '12' } });
  });

  it('knows no other text', () => {
    expect(matchMessage('Something else')).toBeNull();
    expect(matchMessage(`${MESSAGES.notFound} `)).toBeNull();
    expect(matchMessage('Password must be at least characters')).toBeNull();
  });
});
