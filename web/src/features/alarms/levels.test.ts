import { describe, expect, it } from 'vitest';
import { REFERENCE_LEVEL, VCO_LEVEL, levelNumbers, levelProblem, refusedLevel, type LevelTexts } from './levels';

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

  it('tells the rule a refused level breaks', () => {
    expect(levelProblem(ok)).toBeNull();
    expect(levelProblem(['abc', '4.5', '7.1'])).toEqual({ field: 'Aviso', rule: 'format' });
    expect(levelProblem(['0', '4.5', '7.1'])).toEqual({ field: 'Aviso', rule: 'zero' });
    expect(levelProblem(['5', '4.5', '7.1'])).toEqual({ field: 'Aviso', rule: 'warningAlarm' });
    expect(levelProblem(['7.1', '8', '7.1'])).toEqual({ field: 'Aviso', rule: 'warningDanger' });
    expect(levelProblem(['2.8', '7.1', '7.1'])).toEqual({ field: 'Alarma', rule: 'alarmDanger' });
  });

  it('reads the levels as numbers', () => {
    expect(levelNumbers(ok)).toEqual([2.8, 4.5, 7.1]);
  });
});
