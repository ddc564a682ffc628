import { describe, expect, it } from 'vitest';
import openapi from '../../api/openapi.json';
import { filterOfSearch, siteAlarmsUrl } from '../alarms/siteAlarms';
import { alerting, describeChange, machineUrl, placeText, timeAgo, type Place } from './overview';

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
  it('says what it did on what, from its operation', () => {
    expect(
      ['create-machine', 'edit-machine', 'delete-point', 'update-vcv', 'copy-sensor/420', 'download-machine', 'paste-component'].map(describeChange),
    ).toEqual([
      { action: 'created', subject: 'machine' },
      { action: 'edited', subject: 'machine' },
      { action: 'deleted', subject: 'point' },
      { action: 'edited', subject: 'vcv' },
      { action: 'copied', subject: 'sensor' },
      { action: 'downloaded', subject: 'machine' },
      { action: 'pasted', subject: 'component' },
    ]);
    expect(
      ['associate-mpvd', 'dissociate-point-mpvp', 'associate-machine-vco', 'unlink-spectrum-band', 'set-reference-mpv', 'clear-machine-vco-channel'].map(
        describeChange,
      ),
    ).toEqual([
      { action: 'associated', subject: 'digitalvcv' },
      { action: 'dissociated', subject: 'vcp' },
      { action: 'associated', subject: 'vco_v' },
      { action: 'dissociated', subject: 'band' },
      { action: 'thresholds', subject: 'vcv' },
      { action: 'channel', subject: 'vco_v' },
    ]);
    expect(['machine-alarm', 'configuration-generate', 'history-import', 'history-clean-site', 'intervention-update'].map(describeChange)).toEqual([
      { action: 'thresholds' },
      { action: 'configuration' },
      { action: 'imported' },
      { action: 'cleaned', subject: 'site' },
      { action: 'edited', subject: 'intervention' },
    ]);
    expect(describeChange('something-new')).toEqual({ action: 'other' });
  });

  it('of every write of a factory the log keeps reads as one of the known actions', () => {
    // Reads sent as POST (charts, precalculations) are not logged.
    const reads = /^(chart-|reference-calculate)/;
    const writes = Object.entries(openapi.paths as Record<string, Record<string, { operationId: string }>>)
      .filter(([path]) => path.startsWith('/api/user/{factory}/'))
      .flatMap(([, ops]) => Object.entries(ops).filter(([method]) => method !== 'get'))
      .map(([, op]) => op.operationId)
      .filter((id) => !reads.test(id));
    expect(writes.length).toBeGreaterThan(100);
    expect(writes.filter((id) => describeChange(id).action === 'other')).toEqual([]);
  });

  it('is dated by how long ago it was, in the language', () => {
    const now = Date.parse('2026-05-10T12:00:00Z');
    expect(timeAgo('2026-05-10T11:59:40Z', now, 'es')).toBe('ahora');
    expect(timeAgo('2026-05-10T11:55:00Z', now, 'es')).toBe('hace 5 minutos');
    expect(timeAgo('2026-05-10T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(timeAgo('2026-05-09T12:00:00Z', now, 'es')).toBe('ayer');
    expect(timeAgo('2026-04-20T12:00:00Z', now, 'fr')).toBe('il y a 2 semaines');
  });
});
