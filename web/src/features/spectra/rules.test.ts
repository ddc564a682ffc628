import { describe, expect, it } from 'vitest';
import {
  DIGITAL_WIDTHS,
  LINE_CODES,
  SAMPLING_WIDTHS,
  allowedAverages,
  digitalLineCodes,
  digitalMaxAverages,
  fftSize,
  lines,
  maxAverages,
  memoryBudget,
  samplingDivider,
} from './rules';

describe('line codes and FFT sizes', () => {
  it('SPEC-027, SPEC-028, SPEC-055: codes 0..5 are 400..12800 lines and FFT 512..16384; any other code is FFT 512', () => {
    expect(LINE_CODES.map(lines)).toEqual([400, 800, 1600, 3200, 6400, 12800]);
    expect(LINE_CODES.map(fftSize)).toEqual([512, 1024, 2048, 4096, 8192, 16384]);
    for (const other of [-1, 6, 9, 1.5]) expect(fftSize(other)).toBe(512);
  });
});

describe('alert-device averaging limit', () => {
  it('SPEC-036: 26 sampling widths', () => {
    expect(SAMPLING_WIDTHS).toHaveLength(26);
  });

  it.each([
    [1500, 32],
    [3000, 16],
    [6000, 8],
    [7500, 8],
    [9000, 8],
    [12000, 4],
    [18000, 4],
    [24000, 2],
    [30000, 2],
    [36000, 2],
    [48000, 1],
    [2400000, 1],
  ])('SPEC-034: width %i has divider %i', (width, divider) => {
    expect(samplingDivider(width)).toBe(divider);
  });

  it('SPEC-033: the budget is 1048576 without overlap and 1179648 with 50 %', () => {
    expect(memoryBudget(0)).toBe(1048576);
    expect(memoryBudget(50)).toBe(1179648);
  });

  it('SPEC-032: every width, code and overlap gives budget / (FFT × divider)', () => {
    for (const width of SAMPLING_WIDTHS) {
      for (const code of LINE_CODES) {
        for (const overlap of [0, 50]) {
          expect(maxAverages(code, width, overlap)).toBe(Math.floor(memoryBudget(overlap) / (fftSize(code) * samplingDivider(width))));
        }
      }
    }
  });

  // The same worked rows as the server's tests (internal/catalog/spectra_test.go).
  it.each([
    [5, 1500, 0, 2, [1, 2]],
    [0, 3000, 0, 128, [1, 2, 4, 8, 16, 32, 64, 128]],
    [0, 3000, 50, 144, [1, 2, 4, 8, 16, 32, 64, 128]],
    [5, 48000, 0, 64, [1, 2, 4, 8, 16, 32, 64]],
    [5, 1500, 50, 2, [1, 2]],
    [3, 1500, 0, 8, [1, 2, 4, 8]],
  ])('SPEC-030, SPEC-032: code %i, width %i, overlap %i: limit %i, offers %j', (code, width, overlap, limit, offered) => {
    expect(maxAverages(code, width, overlap)).toBe(limit);
    expect(allowedAverages(false, { code, width, overlap })).toEqual(offered);
  });

  it('SPEC-030: until lines, width and overlap are chosen every number of averages is offered', () => {
    expect(allowedAverages(false, { code: 5, width: null, overlap: 0 })).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
  });
});

describe('digital sensor', () => {
  it('SPEC-050: 15 sampling widths, 5200 first', () => {
    expect(DIGITAL_WIDTHS).toHaveLength(15);
    expect(DIGITAL_WIDTHS[0]).toBe(5200);
  });

  it.each([
    [5200, [1]],
    [62500, [1]], // SPEC-052
    [75000, [1, 2]], // SPEC-053
    [156000, [1, 2]],
    [205000, [1, 2, 3]], // SPEC-054
    [625000, [1, 2, 3]],
    [2340, [1]], // the magnetometer
  ])('SPEC-052..SPEC-054: width %i offers line codes %j', (width, codes) => {
    expect(digitalLineCodes(width)).toEqual(codes);
  });

  // The same rows as the server's tests (internal/catalog/spectra_test.go).
  it.each([
    [1, 10000, 0, 81, [1, 2, 4]],
    [1, 625000, 0, 1, [1]],
    [2, 156000, 0, 2, [1, 2]],
    [2, 156000, 50, 2, [1, 2]],
    [3, 625000, 50, 1, [1]],
    [1, 62500, 50, 14, [1, 2, 4]],
  ])('SPEC-042, SPEC-043, SPEC-062: code %i, width %i, overlap %i: limit %i, offers %j', (code, width, overlap, limit, offered) => {
    expect(digitalMaxAverages(code, width, overlap)).toBe(limit);
    expect(allowedAverages(true, { code, width, overlap })).toEqual(offered);
  });
});
