import { describe, expect, it } from 'vitest';
import es from './es.json';
import en from './en.json';
import fr from './fr.json';
import i18n, { loadLanguage } from '.';

// The console's vocabulary (docs/GLOSSARY.md): each device family is named one way, by the
// `glossary` section, which the other texts nest with $t(glossary.x).

/** Leaf texts of a translation file, by "a.b.c" key. */
function texts(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));
}

const NEST = /\$t\(([^),]+)\)/g;

/** A text as shown: its $t(...) nestings replaced by the texts they name. */
function resolved(text: string, file: Map<string, string>): string {
  return text.replace(NEST, (_, key: string) => file.get(key) ?? `$t(${key})`);
}

const spanish = new Map(texts(es));
/** Spanish texts outside the glossary, as shown. */
const shown = [...spanish].filter(([key]) => !key.startsWith('glossary.')).map(([key, text]) => [key, resolved(text, spanish)] as const);

/** Texts the spec gives verbatim (S2 §2.4), kept as it spells them. */
const VERBATIM = new Set(['Desasociar VCV de KOS Alert 10']);

/** The families' own names: outside the glossary a text nests them. */
const NAMES = /KOS Alert|KOS Sensor|concentrador/i;

/** Other names the families had: each would name a family a second way. */
const OTHER_NAMES = [
  /gateway/i,
  /equipos? de alerta/i,
  /dispositivos? de alerta/i,
  // The KOS Sensor's items were "digital" (a digital dynamic sensor is a sensor type: not these).
  /\b(sensor|sensores|espectros?|bandas?|VCVs?) digital(es)?\b/i,
  /\(digital\)/i,
  /KOS Gateway/i,
];

/** English words the Spanish UI had where Spanish has its own (KOS product names stay). */
const ENGLISH = ['gateway', 'online', 'offline', 'token', 'HPF', 'LPF', 'offset'];

describe('glossary', () => {
  it('every Spanish text names a device family through the glossary', () => {
    const literal = [...spanish].filter(([key, text]) => !key.startsWith('glossary.') && !VERBATIM.has(text) && NAMES.test(text.replace(NEST, '')));
    expect(literal.map(([key]) => key)).toEqual([]);
  });

  it('no Spanish text names a device family another way', () => {
    const other = shown.filter(([, text]) => OTHER_NAMES.some((name) => name.test(text)));
    expect(other).toEqual([]);
  });

  it('no Spanish text uses an English word where Spanish has one', () => {
    const english = shown.filter(([, text]) => !VERBATIM.has(text) && ENGLISH.some((word) => new RegExp(`\\b${word}\\b`, 'i').test(text)));
    expect(english).toEqual([]);
  });

  it.each([
    ['es', es],
    ['en', en],
    ['fr', fr],
  ])('every $t(...) of %s names a term of its glossary', (_, file) => {
    const keys = new Set(texts(file).map(([key]) => key));
    const nested = texts(file).flatMap(([, text]) => [...text.matchAll(NEST)].map((m) => m[1]));
    expect(nested.filter((key) => !key.startsWith('glossary.') || !keys.has(key))).toEqual([]);
  });

  it.each([
    ['es', es],
    ['en', en],
    ['fr', fr],
  ])('the %s glossary spells a term at the start of a sentence as within one, capitalised', (_, file) => {
    const glossary = file.glossary as Record<string, string>;
    for (const [key, text] of Object.entries(glossary)) {
      const lower = key.charAt(0).toLowerCase() + key.slice(1);
      if (lower !== key) expect(text).toBe(glossary[lower].charAt(0).toUpperCase() + glossary[lower].slice(1));
    }
  });

  it('the texts shown are the glossary terms nested in them', async () => {
    await loadLanguage('es');
    const t = i18n.getFixedT('es');
    expect(t('equipment.registerTitle', { kind: t('equipment.kind.concentrator') })).toBe('Registrar concentrador');
    expect(t('equipment.kinds.concentrator')).toBe('Concentradores');
    expect(t('machineEquipment.noneBehind')).toBe('El concentrador no tiene ningún KOS Alert 10 G.');
    expect(t('vcvs.create.vcv')).toBe('Crear VCV KOS Alert 10');
    expect(t('vcvs.associated.dissociate.MPV')).toBe('Desasociar VCV de KOS Alert 10');
  });
});
