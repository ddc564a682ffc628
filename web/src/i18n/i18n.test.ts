import { afterEach, describe, expect, it } from 'vitest';
import es from './es.json';
import en from './en.json';
import fr from './fr.json';
import i18n, { applyLanguage, currentLanguage, loadLanguage, normalizeLanguage } from '.';

/** Leaf values of a nested translation file, by "a.b.c" key. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      for (const [kk, vv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** Sorted {{placeholder}} names of a text. */
function placeholders(text: unknown): string {
  return typeof text === 'string'
    ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',')
    : '';
}

const source = flatten(es);
const translations: [string, Map<string, unknown>][] = [
  ['en', flatten(en)],
  ['fr', flatten(fr)],
];

describe('translations', () => {
  it.each(translations)('I18N-002: %s has exactly the keys of es.json', (_, file) => {
    expect([...file.keys()].filter((k) => !source.has(k))).toEqual([]);
    expect([...source.keys()].filter((k) => !file.has(k))).toEqual([]);
  });

  it.each(translations)('I18N-002: %s keeps the {{placeholders}} of es.json', (_, file) => {
    const differ = [...source].filter(([k, text]) => placeholders(text) !== placeholders(file.get(k)));
    expect(differ.map(([k]) => k)).toEqual([]);
  });

  it.each([['es', source] as [string, Map<string, unknown>], ...translations])('every %s text is a non-empty string', (_, file) => {
    const bad = [...file].filter(([, text]) => typeof text !== 'string' || text.trim() === '');
    expect(bad.map(([k]) => k)).toEqual([]);
  });

  it('I18N-001: unknown or missing languages fall back to Spanish', () => {
    expect(normalizeLanguage(undefined)).toBe('es');
    expect(normalizeLanguage('de-DE')).toBe('es');
    expect(normalizeLanguage('fr-FR')).toBe('fr');
    expect(normalizeLanguage('EN')).toBe('en');
  });
});

// Each language's texts are fetched when first shown (the sign-in page carries one language).
describe('languages fetched on first use', () => {
  afterEach(async () => {
    await loadLanguage('fr');
    applyLanguage('es');
  });

  it('switches once the texts are here', async () => {
    i18n.removeResourceBundle('fr', 'translation');
    applyLanguage('fr');
    expect(currentLanguage()).toBe('es');
    await expect.poll(currentLanguage).toBe('fr');
    expect(i18n.t('language.label')).toBe('Langue');
  });

  it('a later choice made while the texts were on their way wins', async () => {
    i18n.removeResourceBundle('fr', 'translation');
    applyLanguage('fr');
    applyLanguage('en');
    expect(currentLanguage()).toBe('en');
    await loadLanguage('fr');
    expect(currentLanguage()).toBe('en');
  });
});
