import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/** UI languages; Spanish is the source language and the default. */
export const LANGUAGES = ['es', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** localStorage key of the language chosen before signing in. */
const STORAGE_KEY = 'vigia.language';

// Each language's texts are a chunk of their own, fetched when the language is first shown, so
// that the sign-in page carries one language, not three.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('./{es,en,fr}.json');

/** Maps any language tag ("fr-FR", "EN", null) to a supported UI language. */
export function normalizeLanguage(value: string | null | undefined): Language {
  const base = (value ?? '').toLowerCase().split('-')[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : DEFAULT_LANGUAGE;
}

/** The language chosen in this browser before signing in, else Spanish. */
export function storedLanguage(): Language {
  try {
    return normalizeLanguage(localStorage.getItem(STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function setDocumentLanguage(lng: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
setDocumentLanguage(currentLanguage());

/** The language last asked for by applyLanguage. */
let wanted: Language = currentLanguage();

/** Fetches a language's texts once; the UI can show it when the promise is settled. */
export async function loadLanguage(lng: Language): Promise<void> {
  if (i18n.hasResourceBundle(lng, 'translation')) return;
  const texts = await bundles[`./${lng}.json`]();
  i18n.addResourceBundle(lng, 'translation', texts.default);
}

/** Fetches the texts of the language the page starts in; render once it is settled. */
export async function loadStartLanguage(): Promise<void> {
  const lng = currentLanguage();
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
}

/** The language the UI is showing now. */
export function currentLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * Switches the UI (texts, the locales that follow i18n's languageChanged, <html lang>) and
 * remembers the choice in localStorage so that the sign-in page opens in it: at once when the
 * language's texts are here, else once they are fetched. Saving it to the user's profile is the
 * caller's business (see useLanguage).
 */
export function applyLanguage(value: string | null | undefined): Language {
  const lng = normalizeLanguage(value);
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  setDocumentLanguage(lng);
  wanted = lng;
  if (currentLanguage() === lng) return lng;
  if (i18n.hasResourceBundle(lng, 'translation')) void i18n.changeLanguage(lng);
  // A later choice made while these texts were on their way wins.
  else
    void loadLanguage(lng).then(() => {
      if (wanted === lng) void i18n.changeLanguage(lng);
    });
  return lng;
}

export default i18n;
