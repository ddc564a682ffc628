// The home page's overview of the factory (docs/API.md, "Home page"): where its links lead,
// what each of the latest changes did, and how long ago. Pure functions, no React.
import type { components } from '../../api/schema';
import { editorUrl } from '../tree/model';

export type Overview = components['schemas']['Overview'];
export type Place = components['schemas']['Place'];
export type RecentChange = components['schemas']['RecentChange'];
export type AlertCount = components['schemas']['AlertCount'];

/** The editor of a machine, as the side-bar opens it. */
export function machineUrl(place: Place): string {
  return editorUrl({ site: place.UsuCentroID, area: place.UsuAreaID, machine: place.UsuMaquinaID });
}

/** Where a machine sits, down to it: 'Centro Norte › Bombeo › Bomba P-101'. */
export function placeText(place: Place): string {
  return [place.Centro, place.Area, place.Nombre].join(' › ');
}

/** Whether any point is above its thresholds. */
export function alerting(states: readonly AlertCount[]): boolean {
  return states.some((s) => s.Series > 0);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** How long ago `iso` was, at `now`, in the language: 'hace 5 minutos', 'ayer', 'ahora'. */
export function timeAgo(iso: string, now: number, language: string): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
