import { useCallback, useMemo } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { clearShown, showOnly } from '../../app/messages';
import { applyFieldErrors, describeError } from '../../app/useApiError';

/** One channel for every editor message: a new one replaces the one shown (MACH-025). */
const CHANNEL = 'tree-editor-feedback';

/** Server errors as 'code: message' lines (MSG-003). */
export function errorLines(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  return error.errors.map((e) => (e.code ? `${e.code}: ${e.message}` : e.message));
}

/**
 * The editors' messages. They are exclusive: each replaces the previous one. Successes show
 * for 3 seconds (TREE-082); errors stay longer and list the server's reasons under the title.
 */
export function useFeedback() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  // A failure without the server's reasons still says why: the server out of reach, or its status.
  const reasons = useCallback(
    (error: unknown) => {
      const lines = errorLines(error);
      return lines.length > 0 || error === undefined ? lines : [describeError(t, error)];
    },
    [t],
  );
  const show = useCallback(
    (type: 'success' | 'error' | 'warning', title: string, lines: string[] = []) =>
      showOnly(message, CHANNEL, {
        type,
        duration: type === 'success' ? 3 : 8,
        content:
          lines.length === 0 ? (
            title
          ) : (
            <span>
              {title}
              {lines.map((l) => (
                <span key={l} style={{ display: 'block', textAlign: 'start' }}>
                  {l}
                </span>
              ))}
            </span>
          ),
      }),
    [message],
  );
  return useMemo(
    () => ({
      /** Takes the message away: one about another tab's action must not linger on this one. */
      clear: () => clearShown(message, CHANNEL),
      success: (title: string) => show('success', title),
      warning: (title: string, lines?: string[]) => show('warning', title, lines),
      /** `title` followed by the server's reasons, if `error` carries any. */
      error: (title: string, error?: unknown) => show('error', title, reasons(error)),
      /** The same for a form's call: the reasons of a 422 that the form's fields show go there instead. */
      formError: (title: string, error: unknown, form: FormInstance) => {
        const rest = error instanceof ApiError && error.status === 422 ? applyFieldErrors(form, error) : null;
        show('error', title, rest ? errorLines(new ApiError(422, rest)) : reasons(error));
      },
    }),
    [message, show, reasons],
  );
}
