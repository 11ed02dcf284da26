import { MESSAGES, type Language } from '@strata/shared';
import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import { DEFAULT_LANGUAGE } from './paths';

export const resources = { en: { translation: en }, zh: { translation: zh } } as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

/** An i18n key of the English resources (route titles, action titles). */
export type TranslationKey = ParseKeys;

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'zh'],
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  returnNull: false,
});

export async function setLanguage(lang: Language): Promise<void> {
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang;
}

const messageKeys = new Map<string, keyof typeof MESSAGES>(
  (Object.entries(MESSAGES) as [keyof typeof MESSAGES, string][]).map(([key, text]) => [text, key]),
);

/**
 * A message in the reader's language: an i18n key (client-side validation), or a text the server sent
 * (English, from the shared catalogue). Unknown text is shown as it is.
 */
export function translateMessage(text: string): string {
  if (i18n.exists(text)) return i18n.t(text as TranslationKey);
  const key = messageKeys.get(text);
  return key ? i18n.t(`messages.${key}`) : text;
}
