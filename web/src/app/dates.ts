import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import i18n, { currentLanguage } from '../i18n';

// Dates (pickers, chart axes) follow the UI language. Only the signed-in application shows
// dates, so dayjs and its locales stay out of the sign-in page's download.
dayjs.locale(currentLanguage());
i18n.on('languageChanged', () => dayjs.locale(currentLanguage()));
