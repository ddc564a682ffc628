import type { TFunction } from 'i18next';
import { ApiError } from '../api/errors';

// i18next's own type: the hook's return type, spelt out, grows too deep for tsc with the key list.
type T = TFunction;

/** Fallback text for an error answer that carries no message. */
export function statusText(t: T, status: number): string {
  switch (status) {
    case 400:
      return t('errors.status400');
    case 403:
      return t('errors.status403');
    case 404:
      return t('errors.status404');
    case 422:
      return t('errors.status422');
    case 429:
      return t('errors.status429');
    default:
      return status >= 500 ? t('errors.status500') : t('errors.generic');
  }
}

/** One line telling what went wrong with a call, for inline alerts (e.g. a list that failed to load). */
export function describeError(t: T, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.network');
  return error.errors.length > 0 ? error.errors.map((e) => e.message).join(' ') : statusText(t, error.status);
}
