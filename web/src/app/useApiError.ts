import { useCallback } from 'react';
import { App } from 'antd';
import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { statusText } from './errorText';

// The texts of failed calls live apart, so that the sign-in page gets them without antd.
export { describeError, statusText } from './errorText';

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
