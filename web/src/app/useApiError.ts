import { useCallback } from 'react';
import { App } from 'antd';
import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';

/** Server field name ("Motor.Marca") → the form's name path of that field, where they differ. */
export type FieldMap = Record<string, NamePath>;

/** Whether a form's registered values (getFieldsValue()) hold the field at `path`. */
function hasField(values: unknown, path: (string | number)[]): boolean {
  let at: unknown = values;
  for (const part of path) {
    if (typeof at !== 'object' || at === null || !(part in at)) return false;
    at = (at as Record<string | number, unknown>)[part];
  }
  return true;
}

/**
 * Puts a 422 answer's field errors on the form's fields and focuses the first invalid one.
 * `fieldMap` names the form field of a server field where they differ (e.g. a learning time
 * edited as days and hours). Returns the errors that no field of the form could show.
 */
export function applyFieldErrors(form: FormInstance, error: ApiError, fieldMap: FieldMap = {}): ApiError['errors'] {
  // getFieldsValue() without arguments lists only the fields the form has registered.
  const registered: unknown = form.getFieldsValue();
  const nameOf = (field: string): (string | number)[] => {
    const mapped = fieldMap[field];
    if (mapped !== undefined) return Array.isArray(mapped) ? mapped : [mapped as string | number];
    return field.split('.');
  };
  const shown: { name: (string | number)[]; errors: string[] }[] = [];
  const rest: ApiError['errors'] = [];
  for (const e of error.errors) {
    const name = e.field ? nameOf(e.field) : undefined;
    if (!name || !hasField(registered, name)) {
      rest.push(e);
      continue;
    }
    const same = shown.find((s) => s.name.join('.') === name.join('.'));
    if (same) same.errors.push(e.message);
    else shown.push({ name, errors: [e.message] });
  }
  if (shown.length > 0) {
    form.setFields(shown);
    form.scrollToField(shown[0].name, { focus: true, block: 'center' });
  }
  return rest;
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
