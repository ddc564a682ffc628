import { describe, expect, it } from 'vitest';
import { filterOfSearch, siteAlarmsUrl } from '../alarms/siteAlarms';
import { alerting, machineUrl, placeText, timeAgo, type Place } from './overview';

const place: Place = { UsuMaquinaID: 5, Nombre: 'Bomba P-101', UsuAreaID: 3, Area: 'Bombeo', UsuCentroID: 1, Centro: 'Centro Norte' };

describe('the overview’s links', () => {
  it('open a machine’s editor as the side-bar does, and name where it sits', () => {
    expect(machineUrl(place)).toBe('/editor/machine?site=1&area=3&machine=5');
    expect(placeText(place)).toBe('Centro Norte › Bombeo › Bomba P-101');
  });

  it('open a site’s alarms tab, narrowed to a state, which the tab reads back', () => {
    expect(siteAlarmsUrl(1)).toBe('/editor/alarms?site=1');
    expect(siteAlarmsUrl(1, 'PELIGRO')).toBe('/editor/alarms?site=1&estado=PELIGRO');
    const search = (url: string) => new URLSearchParams(url.split('?')[1]);
    expect(filterOfSearch(search(siteAlarmsUrl(1, 'AVISO')))).toEqual({ state: 'AVISO' });
    expect(filterOfSearch(search(siteAlarmsUrl(1)))).toEqual({});
    expect(filterOfSearch(new URLSearchParams('estado=ROJO'))).toEqual({});
  });
});

describe('alarms', () => {
  it('are there when a series is in a state above its thresholds', () => {
    const none = [
      { Estado: 'PELIGRO' as const, Series: 0, Puntos: 0 },
      { Estado: 'AVISO' as const, Series: 0, Puntos: 0 },
    ];
    expect(alerting(none)).toBe(false);
    expect(alerting([...none, { Estado: 'ALARMA', Series: 2, Puntos: 1 }])).toBe(true);
  });
});

describe('a change', () => {
  it('is dated by how long ago it was, in the language', () => {
    const now = Date.parse('2026-05-10T12:00:00Z');
    expect(timeAgo('2026-05-10T11:59:40Z', now, 'es')).toBe('ahora');
    expect(timeAgo('2026-05-10T11:55:00Z', now, 'es')).toBe('hace 5 minutos');
    expect(timeAgo('2026-05-10T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(timeAgo('2026-05-09T12:00:00Z', now, 'es')).toBe('ayer');
    expect(timeAgo('2026-04-20T12:00:00Z', now, 'fr')).toBe('il y a 2 semaines');
  });
});
