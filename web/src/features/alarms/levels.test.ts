import { describe, expect, it } from 'vitest';
import { REFERENCE_LEVEL, VCO_LEVEL, decimalText, levelNumbers, refusedLevel, thousandthsText, toThousandths, type LevelTexts } from './levels';

const ok: LevelTexts = ['2,8', '4.5', '7,1'];

describe('the alarm modal levels', () => {
  it('ALRM-074: each level is a number of at most 3 decimals, at least 0; blank is refused', () => {
    expect(refusedLevel(ok)).toBeNull();
    expect(refusedLevel(['abc', '4.5', '7.1'])).toBe('Aviso');
    expect(refusedLevel(['2.8', '', '7.1'])).toBe('Alarma');
    expect(refusedLevel(['2.8', '4.5', '-7'])).toBe('Peligro');
    expect(refusedLevel(['2.8', '4.5678', '7.1'])).toBe('Alarma');
    expect(refusedLevel(['2.8', '4.5', '1000'])).toBe('Peligro');
    // A VCO's states may be larger numbers, never negative.
    expect(refusedLevel(['1480', '2500', '2975.5'], VCO_LEVEL)).toBeNull();
    expect(refusedLevel(['-1', '2500', '2975'], VCO_LEVEL)).toBe('Aviso');
    expect(refusedLevel(['1480', '2500', '2975.5'], REFERENCE_LEVEL)).toBe('Aviso');
  });

  it('ALRM-075: the warning is not 0', () => {
    expect(refusedLevel(['0', '4.5', '7.1'])).toBe('Aviso');
    expect(refusedLevel(['0,000', '4.5', '7.1'])).toBe('Aviso');
    expect(refusedLevel(['0,001', '4.5', '7.1'])).toBeNull();
  });

  it('ALRM-076: the warning is strictly below the alarm', () => {
    expect(refusedLevel(['4.5', '4.5', '7.1'])).toBe('Aviso');
    expect(refusedLevel(['5', '4.5', '7.1'])).toBe('Aviso');
  });

  it('ALRM-077: the warning is strictly below the danger', () => {
    expect(refusedLevel(['7.1', '8', '7.1'])).toBe('Aviso');
  });

  it('ALRM-078: the alarm is strictly below the danger', () => {
    expect(refusedLevel(['2.8', '7.1', '7.1'])).toBe('Alarma');
    expect(refusedLevel(['2.8', '7.2', '7.1'])).toBe('Alarma');
  });

  it('reads and writes values in the language, in thousandths', () => {
    expect(decimalText(2.8, 'es')).toBe('2,800');
    expect(decimalText(2.8, 'fr')).toBe('2,800');
    expect(decimalText(2.8, 'en')).toBe('2.800');
    expect(decimalText(1234.5, 'es')).toBe('1234,500');
    expect(decimalText(0.3, 'es', 1, 3)).toBe('0,3');
    expect(thousandthsText(862, 'es')).toBe('0,862');
    expect(thousandthsText(null, 'es')).toBe('');
    expect(toThousandths('0,862')).toBe(862);
    expect(toThousandths('4.5')).toBe(4500);
    expect(toThousandths('')).toBeNull();
    expect(toThousandths('x')).toBeNull();
    expect(levelNumbers(ok)).toEqual([2.8, 4.5, 7.1]);
  });
});
