// A machine's learning time (TiempoAprendizaje) is stored in hours and edited as days plus
// hours (MACH-014).

/** Learning time as the form shows it. */
export interface DaysHours {
  days: number;
  hours: number;
}

function whole(n: number | null | undefined): number {
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : 0;
}

/**
 * Normalises what the user typed: hours above 23 roll into days (MACH-069), and neither days
 * (MACH-070) nor hours (MACH-071) go below 0. Fractions are dropped.
 */
export function normalizeLearningTime(days: number | null | undefined, hours: number | null | undefined): DaysHours {
  const d = Math.max(0, whole(days));
  const h = Math.max(0, whole(hours));
  return { days: d + Math.floor(h / 24), hours: h % 24 };
}

/** Days plus hours of a learning time in hours (null: none set, shown as 0 + 0). */
export function splitLearningTime(totalHours: number | null | undefined): DaysHours {
  return normalizeLearningTime(0, totalHours);
}

/** The learning time in hours that the API stores. */
export function learningTimeHours(days: number | null | undefined, hours: number | null | undefined): number {
  const n = normalizeLearningTime(days, hours);
  return n.days * 24 + n.hours;
}
