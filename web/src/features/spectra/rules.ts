// The acquisition rules of the two spectrum families (S2 §4, §9): line codes, FFT sizes,
// sampling widths and the averaging limits. The same rules as the server's
// (internal/catalog/spectra.go: Lines, FFTSize, SamplingDivider, MaxAverages,
// DigitalMaxAverages, DigitalLineCodes); the editor offers only what the server accepts.

/** Line codes of the alert device: 0..5 are 400..12800 lines (SPEC-027). */
export const LINE_CODES = [0, 1, 2, 3, 4, 5] as const;

/** The number of lines of a line code (SPEC-027). */
export function lines(code: number): number {
  return 400 * 2 ** code;
}

/** The FFT size of a line code, both families: 512 for code 0 doubling up to 16384; 512 otherwise (SPEC-028, SPEC-055). */
export function fftSize(code: number): number {
  return Number.isInteger(code) && code >= 0 && code <= 5 ? 512 * 2 ** code : 512;
}

/** Sampling widths of the alert device, in cpm (SPEC-036). */
export const SAMPLING_WIDTHS = [
  1500, 3000, 6000, 7500, 9000, 12000, 18000, 24000, 30000, 36000, 48000, 60000, 72000, 96000, 120000, 150000, 180000,
  240000, 300000, 360000, 480000, 600000, 900000, 1200000, 1800000, 2400000,
] as const;

/** Sampling widths of the digital sensor (SPEC-050); 5200 is offered to ADMIN only (S2 §6). */
export const DIGITAL_WIDTHS = [
  5200, 10000, 15000, 20000, 31000, 41000, 50000, 62500, 75000, 100000, 125000, 156000, 205000, 312500, 625000,
] as const;
export const ADMIN_WIDTH = 5200;
/** The magnetometer samples at 2340 only (SPEC-051). */
export const MAGNETOMETER_RATE = 2340;

/** Averages of each family (SPEC-030, SPEC-062). */
export const AVERAGES = [1, 2, 4, 8, 16, 32, 64, 128] as const;
export const DIGITAL_AVERAGES = [1, 2, 4] as const;

/** The device's averaging memory: more with 50 % overlap (SPEC-033). */
export function memoryBudget(overlap: number): number {
  return overlap === 50 ? 1179648 : 1048576;
}

/** The alert device's divider of a sampling width (SPEC-034). */
export function samplingDivider(width: number): number {
  if (width === 1500) return 32;
  if (width === 3000) return 16;
  if (width >= 6000 && width <= 9000) return 8;
  if (width === 12000 || width === 18000) return 4;
  if (width >= 24000 && width <= 36000) return 2;
  return 1;
}

/** The most averages of an alert-device spectrum: the budget over the FFT size and the divider (SPEC-032). */
export function maxAverages(code: number, width: number, overlap: number): number {
  return Math.floor(memoryBudget(overlap) / (fftSize(code) * samplingDivider(width)));
}

/**
 * The most averages of a digital spectrum (SPEC-043): the budget over lines × rate × 2 × 8,
 * the rate in units of 10 kHz (the server's reading of what the spec leaves unsaid), at least 1.
 */
export function digitalMaxAverages(code: number, width: number, overlap: number): number {
  return Math.max(1, Math.floor((memoryBudget(overlap) * 10000) / (lines(code) * width * 2 * 8)));
}

/** The line codes a digital sampling width offers: 800 lines; 1600 from 75000; 3200 from 205000 (SPEC-052..SPEC-054). */
export function digitalLineCodes(width: number): number[] {
  if (width >= 205000) return [1, 2, 3];
  if (width >= 75000) return [1, 2];
  return [1];
}

/** What the averaging limit reads: the line code, the sampling width and the overlap, when all are chosen. */
export interface Acquisition {
  code: number | null;
  width: number | null;
  overlap: number | null;
}

/**
 * The averages offered (SPEC-032, SPEC-042): the family's list cut at its limit. Until lines,
 * width and overlap are all chosen the limit is unknown and the whole list is offered.
 */
export function allowedAverages(digital: boolean, a: Acquisition): number[] {
  const all: readonly number[] = digital ? DIGITAL_AVERAGES : AVERAGES;
  if (a.code === null || a.width === null || a.overlap === null) return [...all];
  const limit = (digital ? digitalMaxAverages : maxAverages)(a.code, a.width, a.overlap);
  return all.filter((n) => n <= limit);
}
