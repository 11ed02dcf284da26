import { matchMessage, type Language } from '@strata/shared';
import { formatDateTime } from './display-time';
import i18next, { type BackendModule, type ParseKeys, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { ChunkLoadError } from './chunk-recovery';
import { DEFAULT_LANGUAGE } from './paths';
import { decodeMessage, type MessageParams } from './zod-messages';

/**
 * English is bundled: it is the default language and every other language's fallback, so it is always needed.
 * The other languages are fetched when first used (their own chunk), so a page in English never downloads them.
 */
export const resources = { en: { translation: en } } as const;

const otherLanguages: Partial<Record<Language, () => Promise<{ default: ResourceKey }>>> = {
  zh: () => import('../locales/zh.json'),
};

/**
 * An i18next backend that imports a language's resources on demand. `changeLanguage` (and so `setLanguage` and the
 * `/:lang` route loader) resolves only once they are in, so a page never renders the keys in place of the text.
 */
const lazyLanguages: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    const load = otherLanguages[language as Language];
    if (!load) {
      callback(new Error(`No resources for language ${language}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

/** An i18n key of the English resources (route titles, action titles). */
export type TranslationKey = ParseKeys;

export const i18n = i18next.createInstance();

void i18n
  .use(lazyLanguages)
  .use(initReactI18next)
  .init({
    resources,
    // The bundled English plus what the backend loads.
    partialBundledLanguages: true,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['en', 'zh'],
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });

/**
 * Switches to `lang`, resolving once its resources are loaded. Resources that could not be loaded (a chunk gone after
 * a deployment, the network down) are a chunk-load failure: the `/:lang` route fails with it and the router's
 * chunk recovery reloads the page, rather than showing English under a Chinese address.
 */
export async function setLanguage(lang: Language): Promise<void> {
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  if (!i18n.hasResourceBundle(lang, 'translation')) throw new ChunkLoadError(new Error(`The ${lang} texts could not be loaded`));
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang;
}

/**
 * A message in the reader's language: an i18n key (client-side validation), a key with its parameters
 * (`validation.stringTooLong{"maximum":100}`, from the error map in zod-messages.ts), or a text of the shared
 * catalogue as the server sent it (English; a template filled in: its parameters are read back). Unknown text is shown
 * as it is.
 */
export function translateMessage(text: string): string {
  if (i18n.exists(text)) return i18n.t(text as TranslationKey);
  const encoded = decodeMessage(text);
  if (encoded && i18n.exists(encoded.key)) return i18n.t(encoded.key as TranslationKey, encoded.params);
  const known = matchMessage(text);
  return known ? i18n.t(`messages.${known.key}` as TranslationKey, known.params as MessageParams) : text;
}

/** A message the server made (a notification, an alert's line), as the API gives it. */
export interface ServerMessage {
  message: string;
  message_key?: string | null | undefined;
  message_params?: Record<string, string | number | boolean | null> | null | undefined;
}

/**
 * A server-made message in the reader's language: its key (`serverMessages.<key>`) with its parameters, times (the
 * parameters ending `_at`) in the configured zone; a missing parameter reads as `serverMessages.fallback.<name>`.
 * An escalation carries the line it escalates as `inner_key` and `inner.*` parameters. Without a key, or with a key
 * this build does not know (a newer server), the text as the server wrote it.
 */
export function translateServerMessage(m: ServerMessage, timeZone: string): string {
  if (!m.message_key) return translateMessage(m.message);
  const key = `serverMessages.${m.message_key}`;
  if (!i18n.exists(key)) return m.message;
  const params = m.message_params ?? {};
  const own: Record<string, unknown> = {};
  const inner: Record<string, string | number | boolean | null> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name.startsWith('inner.')) inner[name.slice('inner.'.length)] = value;
    else own[name] = value;
  }
  const counts = Object.entries(own).filter(([name]) => name.startsWith('n.'));
  const values = Object.fromEntries(
    Object.entries(own).map(([name, value]) => {
      if (value === null || value === '') return [name, i18n.t(`serverMessages.fallback.${name}` as TranslationKey, { defaultValue: '' })];
      if (name.endsWith('_at') && typeof value === 'string') return [name, formatDateTime(value, timeZone)];
      return [name, value];
    }),
  );
  // A summary's parts, each `n.<level code or alert kind>` = count: kinds named in the reader's language.
  if (counts.length > 0) {
    values.parts = counts
      .map(([name, n]) => {
        const what = name.slice('n.'.length);
        const kind = `alerts.kind.${what}`;
        return `${String(n)} ${i18n.exists(kind) ? i18n.t(kind as TranslationKey) : what}`;
      })
      .join(i18n.t('serverMessages.partsSeparator'));
  }
  if (typeof own.inner_key === 'string') {
    values.message = translateServerMessage({ message: String(own.message ?? ''), message_key: own.inner_key, message_params: inner }, timeZone);
  }
  return i18n.t(key as TranslationKey, values) as string;
}
