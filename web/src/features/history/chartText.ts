// How the history charts read in the user's language: times on the axis and in the legend,
// values with the language's decimal mark.
import dayjs from 'dayjs';
import { DAY_TIME_FORMAT } from '../../app/dates';

/**
 * A time of a chart (unix seconds): a tick at midnight as its day ('24 nov.'), any other time
 * with its day and hour ('24/11/2026 12:00', in English '11/24/2026 12:00'), in the browser's time zone.
 */
export function chartTime(seconds: number, language: string): string {
  const d = dayjs.unix(seconds).locale(language);
  return d.hour() === 0 && d.minute() === 0 ? d.format('D MMM') : d.format(DAY_TIME_FORMAT);
}

/** A value of a chart (already divided by 1000) with up to 3 decimals and the language's mark. */
export function chartValue(value: number, language: string): string {
  return value.toLocaleString(language, { maximumFractionDigits: 3 });
}
