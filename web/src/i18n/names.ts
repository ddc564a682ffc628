// Names the server gives in Spanish and English, shown in the UI's language.

/**
 * The name of an item named in Spanish and English (NombreEs, NombreEn) shown in `language`:
 * Spanish in Spanish, English in the other languages (French reads the English names, as the
 * server does), Spanish when the item has no English name.
 */
export function localName(item: { NombreEs: string; NombreEn?: string | null }, language: string): string {
  return language === 'es' ? item.NombreEs : item.NombreEn || item.NombreEs;
}
