import { useCallback } from 'react';
import { App } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';

/**
 * Puts a 422 answer's field errors on the form's fields and focuses the first invalid one.
 * Returns the errors that no field of the form could show.
 */
export function applyFieldErrors(form: FormInstance, error: ApiError): ApiError['errors'] {
  // getFieldsValue() without arguments lists only the fields the form has registered.
  const known = new Set(Object.keys(form.getFieldsValue() as Record<string, unknown>));
  const byField = error.fieldErrors();
  const shown = [...byField.keys()].filter((f) => known.has(f));
  if (shown.length > 0) {
    form.setFields(shown.map((name) => ({ name, errors: byField.get(name) ?? [] })));
    form.scrollToField(shown[0], { focus: true, block: 'center' });
  }
  return error.errors.filter((e) => !e.field || !known.has(e.field));
}

/**
 * Returns a handler that tells the user what went wrong with an API call: 422 field errors go
 * onto the given form's fields, every other message is shown as an antd message.
 * A 401 is left to the session handler (it already sends the user to the sign-in page).
 */
export function useApiError() {
  const { message } = App.useApp();
  const { t } = useTranslation();

  return useCallback(
    (error: unknown, form?: FormInstance) => {
      if (!(error instanceof ApiError)) {
        void message.error(t('errors.network'));
        return;
      }
      if (error.status === 401) return;
      const rest = form && error.status === 422 ? applyFieldErrors(form, error) : error.errors;
      if (error.errors.length === 0) {
        void message.error(statusText(t, error.status));
        return;
      }
      for (const e of rest) void message.error(e.message);
    },
    [message, t],
  );
}

type T = ReturnType<typeof useTranslation>['t'];

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
