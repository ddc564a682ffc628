// Names the server gives in Spanish and English, shown in the UI's language.
import frenchNames from './fr-options.json';

/** The French form of an English name the product gives (i18n/fr-options.json), else the English name. */
export function frenchName(english: string): string {
  return (frenchNames as Record<string, string>)[english] || english;
}

/**
 * The name of an item named in Spanish and English (NombreEs, NombreEn) shown in `language`:
 * Spanish in Spanish, English in English; French reads the English name, as the server does,
 * in its French form where the product has one (the system criterion 'Unknown': 'Inconnu').
 * Spanish when the item has no English name.
 */
export function localName(item: { NombreEs: string; NombreEn?: string | null }, language: string): string {
  if (language === 'es' || !item.NombreEn) return item.NombreEs;
  return language === 'fr' ? frenchName(item.NombreEn) : item.NombreEn;
}
