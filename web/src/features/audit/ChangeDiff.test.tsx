import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  it('shows an edit’s changed fields, and the untouched ones when asked', async () => {
    applyLanguage('es');
    render(<ChangeDiff entry={entry} />);
    const fields = () => screen.getAllByRole('row').slice(1).map((r) => r.querySelector('code')?.textContent);
    expect(fields()).toEqual(['VelocidadMinima']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Solo los campos cambiados (1 de 3)' }));
    expect(fields()).toEqual(['VelocidadMinima', 'Kw', 'NombreEs']);
  });

  it('lists every field of a creation, with nothing to hide', () => {
    applyLanguage('es');
    render(<ChangeDiff entry={{ Antes: null, Despues: { Kw: 55, NombreEs: 'Bomba' } } as unknown as AuditEntry} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('Bomba')).toBeTruthy();
  });

  it('writes decimals with the language’s mark, and leaves text as it is', async () => {
    applyLanguage('es');
    render(<ChangeDiff entry={entry} />);
    await userEvent.click(screen.getByRole('checkbox'));
    expect(screen.getByText('300,000')).toBeTruthy();
    expect(screen.getByText('350,500')).toBeTruthy();
    expect(screen.getAllByText('Bomba 1.5')).toHaveLength(2);
    cleanup();
    applyLanguage('en');
    render(<ChangeDiff entry={entry} />);
    expect(screen.getByText('300.000')).toBeTruthy();
  });
});
