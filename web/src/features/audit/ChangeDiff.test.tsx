import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { applyLanguage } from '../../i18n';
import { ChangeDiff } from './ChangeDiff';
import type { AuditEntry } from './api';

const entry = {
  Antes: { VelocidadMinima: '300.000', Kw: 55, NombreEs: 'Bomba 1.5' },
  Despues: { VelocidadMinima: '350.500', Kw: 55, NombreEs: 'Bomba 1.5' },
} as unknown as AuditEntry;

afterEach(() => {
  cleanup();
  applyLanguage('es');
});

describe('a change side by side', () => {
  it('writes decimals with the language’s mark, and leaves text as it is', () => {
    applyLanguage('es');
    render(<ChangeDiff entry={entry} />);
    expect(screen.getByText('300,000')).toBeTruthy();
    expect(screen.getByText('350,500')).toBeTruthy();
    expect(screen.getAllByText('Bomba 1.5')).toHaveLength(2);
    cleanup();
    applyLanguage('en');
    render(<ChangeDiff entry={entry} />);
    expect(screen.getByText('300.000')).toBeTruthy();
  });
});
