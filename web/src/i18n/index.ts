import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import es from './es.json';
import en from './en.json';
import fr from './fr.json';

/** UI languages; Spanish is the source language and the default. */
export const LANGUAGES = ['es', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** localStorage key of the language chosen before signing in. */
const STORAGE_KEY = 'vigia.language';

/** Maps any language tag ("fr-FR", "EN", null) to a supported UI language. */
export function normalizeLanguage(value: string | null | undefined): Language {
  const base = (value ?? '').toLowerCase().split('-')[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : DEFAULT_LANGUAGE;
}

function storedLanguage(): Language {
  try {
    return normalizeLanguage(localStorage.getItem(STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function syncSideEffects(lng: Language) {
  dayjs.locale(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

void i18n.use(initReactI18next).init({
  resources: { es: { translation: es }, en: { translation: en }, fr: { translation: fr } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
syncSideEffects(currentLanguage());

/** The language the UI is showing now. */
export function currentLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * Switches the UI (texts, antd and dayjs locales, <html lang>) and remembers the choice in
 * localStorage so that the sign-in page opens in it. Saving it to the user's profile is the
 * caller's business (see useLanguage).
 */
export function applyLanguage(value: string | null | undefined): Language {
  const lng = normalizeLanguage(value);
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  syncSideEffects(lng);
  if (currentLanguage() !== lng) void i18n.changeLanguage(lng);
  return lng;
}

export default i18n;
