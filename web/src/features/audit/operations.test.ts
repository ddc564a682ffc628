import { describe, expect, it } from 'vitest';
import openapi from '../../api/openapi.json';
import { describeChange, kindsOf, subjectOf } from './operations';

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

  it('names the kind of a change by the first segment of its path', () => {
    expect(['machine', 'mpvd', 'vco_v', 'machineocv', 'users', 'tree', 'something-new'].map(subjectOf)).toEqual([
      'machine',
      'digitalvcv',
      'vco_v',
      'vco_v',
      'user',
      'partner',
      undefined,
    ]);
  });

  it('names every kind of write the log keeps', () => {
    // Sign-in, a device's own reports and the charts' reads are not changes of the configuration.
    const unlogged = new Set(['auth', 'device', 'visualizator']);
    const kinds = Object.entries(openapi.paths as Record<string, Record<string, unknown>>)
      .filter(([, ops]) => Object.keys(ops).some((method) => method !== 'get'))
      .map(([path]) => path.replace(/^\/api\/(user\/\{factory\}\/|admin\/)?/, '').split('/')[0])
      .filter((kind) => !unlogged.has(kind));
    expect(kinds).toContain('equipment');
    expect(kinds.filter((kind) => subjectOf(kind) === undefined)).toEqual([]);
  });

  it('filters a subject by each kind of change it has', () => {
    expect(kindsOf('vcv').sort()).toEqual(['mpv', 'vcv']);
    expect(kindsOf('digitalvcv').sort()).toEqual(['digitalvcv', 'digitalvcvassociation', 'mpvd']);
    expect(kindsOf('user')).toContain('users');
    expect(kindsOf('machine')).toEqual(['machine']);
  });
});
