// An alarm's three levels (warning, alarm, danger): how they read in the user's language and
// the rules of the alarm edit modal and of the precalculation table (S1 §5 'Alarm edit modal
// thresholds', ALRM-074..ALRM-078). Pure, tested without a browser.
import { checkDecimal, parseDecimal, type DecimalSpec } from '../../lib/decimal';

/** The three levels, in the order the spec names them. */
export const LEVEL_FIELDS = ['Aviso', 'Alarma', 'Peligro'] as const;
export type LevelField = (typeof LEVEL_FIELDS)[number];

/** Three values in the order of LEVEL_FIELDS. */
export type Three<T> = readonly [T, T, T];
/** The three levels as typed. */
export type LevelTexts = Three<string>;

/** The colours of the threshold lines (ALRM-058..ALRM-060, S1 §9) and their width (ALRM-061). */
export const LEVEL_COLORS: Three<string> = ['#FFFF00', '#FFBF00', '#FF0000'];
export const LEVEL_WIDTH = 3;

/** A VCV's or VCP's level: a reference value, up to 3 integer digits and 3 decimals (S1 §9). */
export const REFERENCE_LEVEL: DecimalSpec = { int: 3, dec: 3, min: 0, max: 999.999 };
/** A machine VCO's state value: up to 8 integer digits and 3 decimals (VCO-012), not negative here. */
export const VCO_LEVEL: DecimalSpec = { int: 8, dec: 3, min: 0, max: 99999999 };

/** Why a level is refused: not a number of the spec's digits, a warning of 0, an order broken. */
export type LevelRule = 'format' | 'zero' | 'warningAlarm' | 'warningDanger' | 'alarmDanger';

/**
 * The field of the three levels that breaks the modal's rules and the rule it breaks, or null
 * when they hold: each is a number of the spec's digits, at least 0 (ALRM-074); the warning is
 * not 0 (ALRM-075) and is strictly below the alarm (ALRM-076) and the danger (ALRM-077); the
 * alarm is strictly below the danger (ALRM-078). An order broken is laid on the lower field of
 * the pair.
 */
export function levelProblem(texts: LevelTexts, spec: DecimalSpec = REFERENCE_LEVEL): { field: LevelField; rule: LevelRule } | null {
  const values: number[] = [];
  for (const [i, field] of LEVEL_FIELDS.entries()) {
    const n = parseDecimal(texts[i]);
    if (n === null || Number.isNaN(n) || n < 0 || checkDecimal(texts[i], spec)) return { field, rule: 'format' };
    values.push(n);
  }
  const [warning, alarm, danger] = values;
  if (warning === 0) return { field: 'Aviso', rule: 'zero' };
  if (warning >= alarm) return { field: 'Aviso', rule: 'warningAlarm' };
  if (warning >= danger) return { field: 'Aviso', rule: 'warningDanger' };
  if (alarm >= danger) return { field: 'Alarma', rule: 'alarmDanger' };
  return null;
}

/** The field of the three levels that breaks the modal's rules (levelProblem), or null. */
export function refusedLevel(texts: LevelTexts, spec: DecimalSpec = REFERENCE_LEVEL): LevelField | null {
  return levelProblem(texts, spec)?.field ?? null;
}

/** The three levels as numbers, once refusedLevel found none wrong. */
export function levelNumbers(texts: LevelTexts): Three<number> {
  return [0, 1, 2].map((i) => parseDecimal(texts[i]) ?? 0) as unknown as Three<number>;
}
