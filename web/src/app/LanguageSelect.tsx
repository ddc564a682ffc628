import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../api/client';
import { keys } from '../api/keys';
import { applyLanguage, LANGUAGES, normalizeLanguage, type Language } from '../i18n';
import { useApiError } from './useApiError';

/** Language choices, each named in its own language. */
export function useLanguageOptions() {
  const { t } = useTranslation();
  return LANGUAGES.map((lng) => ({ value: lng, label: t(`language.${lng}`) }));
}

/**
 * Header and sign-in page language selector. Signed-in users (`saveToProfile`) also store the
 * choice on the server (PUT /api/auth/me) so that it follows them; before signing in it is only
 * remembered in this browser.
 */
export function LanguageSelect({ saveToProfile = false, compact = false }: { saveToProfile?: boolean; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const onError = useApiError();
  const options = useLanguageOptions();

  const save = useMutation({
    mutationFn: (Idioma: Language) => unwrap(api.PUT('/api/auth/me', { body: { Idioma } })),
    onSuccess: (me) => {
      queryClient.setQueryData(keys.me, me);
      // The server names items and words its messages in the signed-in user's language, saved
      // now: everything cached is fetched again in it (the screen shown at once), the user
      // list's languages included.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== keys.me[0] });
    },
    onError: (error) => onError(error),
  });

  const change = (lng: Language) => {
    applyLanguage(lng);
    if (saveToProfile) save.mutate(lng);
  };

  return (
    <Select<Language>
      aria-label={t('language.label')}
      value={normalizeLanguage(i18n.resolvedLanguage ?? i18n.language)}
      onChange={change}
      options={options}
      prefix={compact ? undefined : <GlobalOutlined />}
      // Small screens show the language code only (ES, EN, FR).
      labelRender={compact ? ({ value }) => String(value).toUpperCase() : undefined}
      variant="borderless"
      popupMatchSelectWidth={false}
    />
  );
}
