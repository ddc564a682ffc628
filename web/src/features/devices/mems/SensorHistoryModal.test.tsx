import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../app/queryClient';
import type { TimeChartProps } from '../../../components/TimeChart';
import { serve, type Answer } from '../../../test/http';
import type { Equipment } from '../equipment/api';
import { SensorHistoryModal } from './SensorHistoryModal';

// jsdom draws no canvas: the chart shows what it would draw.
vi.mock('../../../components/TimeChart', () => ({
  TimeChart: (p: TimeChartProps) => (
    <div
      role="img"
      aria-label={p.ariaLabel}
      data-series={JSON.stringify(p.series.map((s) => [s.label, s.values]))}
      data-points={p.times.length}
      data-range={JSON.stringify(p.yRange ?? null)}
      data-tick={p.formatTimeTick?.(Date.UTC(2026, 10, 24, 12) / 1000, 86_400)}
    />
  ),
}));

const SENSOR = { ID: 4, Tipo: 'MEMS', NumeroSerie: 'KS-0004', Alias: 'Molino', SensorGUID: 'g4' } as unknown as Equipment;

function open(answers: Record<string, Answer>) {
  const calls = serve(answers);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <SensorHistoryModal sensor={SENSOR} onClose={() => {}} />
    </AppProviders>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('a KOS Sensor’s history', () => {
  it('shows its battery, health and angles over the last days, and says so of a series that cannot be read', async () => {
    const calls = open({
      'GET /api/mems/4/historical/battery/days/7': { status: 200, body: [{ Fecha: '2026-11-01T00:00:00Z', Valor: 81250 }, { Fecha: '2026-11-02T00:00:00Z', Valor: 80500 }] },
      'GET /api/mems/4/historical/angles/days/7': { status: 200, body: [{ Fecha: '2026-11-01T00:00:00Z', X: 1500, Y: -250, Z: 89000 }] },
      // health: no answer but a 500
      'GET /api/mems/4/historical/battery/days/30': { status: 200, body: [] },
      'GET /api/mems/4/historical/health/days/30': { status: 200, body: [] },
      'GET /api/mems/4/historical/angles/days/30': { status: 200, body: [] },
    });
    const battery = await screen.findByRole('img', { name: 'Batería (%)' });
    expect(JSON.parse(battery.getAttribute('data-series') ?? '')).toEqual([['Batería (%)', [81.25, 80.5]]]);
    // A percent axis shows 0 to 100, not the values' span; a tick a day apart reads as its day alone.
    expect(JSON.parse(battery.getAttribute('data-range') ?? '')).toEqual([0, 100]);
    expect(battery.getAttribute('data-tick')).toMatch(/^24 nov\.?$/);
    const angles = await screen.findByRole('img', { name: 'Ángulos (°)' });
    expect(JSON.parse(angles.getAttribute('data-series') ?? '')).toEqual([['X', [1.5]], ['Y', [-0.25]], ['Z', [89]]]);
    expect(JSON.parse(angles.getAttribute('data-range') ?? '')).toBeNull();
    expect(await within(screen.getByRole('region', { name: 'Salud (%)' })).findByText('No se ha podido cargar el historial.')).toBeInTheDocument();

    await userEvent.click(screen.getByText('30 días'));
    expect(await screen.findAllByText('No hay valores en el periodo.')).toHaveLength(3);
    expect(calls.map((c) => c.key)).toContain('GET /api/mems/4/historical/health/days/30');
  });
});
