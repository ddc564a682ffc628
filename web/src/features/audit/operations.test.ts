import { describe, expect, it } from 'vitest';
import openapi from '../../api/openapi.json';
import { describeChange, subjectOf } from './operations';

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

  it('names the kind of a change by the first segment of its path, when it is one', () => {
    expect(['machine', 'mpvd', 'vco_v', 'users'].map(subjectOf)).toEqual(['machine', 'digitalvcv', 'vco_v', undefined]);
  });
});
