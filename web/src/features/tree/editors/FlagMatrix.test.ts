import { describe, expect, it } from 'vitest';
import i18n, { loadLanguage } from '../../../i18n';
import { pointRangeColumns, predictionRangeColumns } from './FlagMatrix';

describe('the range columns of a measurement matrix', () => {
  it('are BR, AR, DM and MG in Spanish, and English names the ranges LR and HR as its range options do', async () => {
    await Promise.all([loadLanguage('es'), loadLanguage('en')]);
    const labels = (lng: string) => predictionRangeColumns(i18n.getFixedT(lng)).map((c) => c.label);
    expect(labels('es')).toEqual(['BR', 'AR', 'DM', 'MG']);
    expect(labels('en')).toEqual(['LR', 'HR', 'DM', 'MG']);
    expect(pointRangeColumns(i18n.getFixedT('en')).map((c) => c.key)).toEqual(['br', 'ar', 'dm']);
  });
});
