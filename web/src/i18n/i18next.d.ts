import 'i18next';
import type es from './es.json';

// Spanish is the source of truth: t('...') only accepts keys that exist in es.json.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof es };
    returnNull: false;
  }
}
