import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import i18n, { currentLanguage } from '../i18n';

// Dates (pickers, chart axes) follow the UI language. Only the signed-in application shows
// dates, so dayjs and its locales stay out of the sign-in page's download.
dayjs.extend(localizedFormat);
dayjs.locale(currentLanguage());
i18n.on('languageChanged', () => dayjs.locale(currentLanguage()));

/**
 * How a date picker, or a chart, writes a day in the language's order, as lib/dates writes
 * the rest of the console: 07/12/2026 in Spanish and French, 12/07/2026 in English.
 */
export const DAY_FORMAT = 'L';
/** A day and a time of the 24-hour clock, which a picker is typed in. */
export const DAY_TIME_FORMAT = 'L HH:mm';
