import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../api/client';
import { ApiError } from '../api/errors';
import { keys } from '../api/keys';
import type { LoginInput } from '../api/types';
import { applyLanguage, currentLanguage, LANGUAGES } from '../i18n';
import { describeError } from './errorText';
import { ProductLogo } from './ProductLogo';
import type { LoginState } from './session';
import './login.css';

// The sign-in page is the first thing every user downloads, so it is written without antd
// (whose core alone weighs more than the page's whole budget); it looks like the rest.

/** Where to go after signing in: back to the page the session ended on, else Inicio. */
function returnPath(state: unknown): string {
  const from = (state as LoginState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : '/';
}

type Field = 'Login' | 'Password';

/** The fields' and the alert's marks, drawn here rather than taken from antd's icon set. */
const ICONS = {
  Login: <path d="M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-5.5 6.5c0-3 2.5-5 5.5-5s5.5 2 5.5 5" />,
  Password: <path d="M3.5 7.5h9v6.5h-9zM5.5 7.5V5a2.5 2.5 0 0 1 5 0v2.5M8 10v1.5" />,
  error: <path d="M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13ZM5.75 5.75l4.5 4.5m0-4.5-4.5 4.5" />,
};

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className={`login-icon login-icon-${name}`} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {ICONS[name]}
    </svg>
  );
}

/** Sign-in page (public). */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LoginInput>({ Login: '', Password: '' });
  const [missing, setMissing] = useState<Partial<Record<Field, boolean>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const inputs = { Login: useRef<HTMLInputElement>(null), Password: useRef<HTMLInputElement>(null) };

  const isMissing = (field: Field, value: string) => (field === 'Login' ? value.trim() === '' : value === '');

  const login = useMutation({
    mutationFn: (body: LoginInput) => unwrap(api.POST('/api/auth/login', { body })),
    onMutate: () => setFailure(null),
    onSuccess: async (me) => {
      queryClient.setQueryData(keys.me, me);
      applyLanguage(me.Idioma);
      await navigate(returnPath(location.state), { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 429)) {
        const fallback = error.status === 429 ? t('login.throttled') : t('login.failed');
        setFailure(error.errors[0]?.message || fallback);
        setValues((v) => ({ ...v, Password: '' }));
        inputs.Password.current?.focus();
        return;
      }
      setFailure(describeError(t, error));
    },
  });

  const change = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    // A field flagged by a submit is checked again as it is typed in, as antd's forms do.
    if (missing[field] !== undefined) setMissing((m) => ({ ...m, [field]: isMissing(field, value) }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = { Login: isMissing('Login', values.Login), Password: isMissing('Password', values.Password) };
    setMissing(found);
    const first = (['Login', 'Password'] as const).find((f) => found[f]);
    if (first) inputs[first].current?.focus();
    else login.mutate(values);
  };

  const field = (name: Field, label: string, required: string, props: { type: string; autoComplete: string; autoFocus?: boolean }) => (
    <div className="login-field">
      <label htmlFor={`login-${name}`}>{label}</label>
      <div className="login-input">
        <Icon name={name} />
        <input
        id={`login-${name}`}
        ref={inputs[name]}
        value={values[name]}
        onChange={change(name)}
        aria-invalid={missing[name] || undefined}
        aria-describedby={missing[name] ? `login-${name}-help` : undefined}
          {...props}
        />
      </div>
      {missing[name] && (
        <div id={`login-${name}-help`} className="login-help">
          {required}
        </div>
      )}
    </div>
  );

  return (
    <main className="login-page">
      <section className="login-card">
        <header className="login-brand">
          <ProductLogo size={48} />
          <h1>{t('app.name')}</h1>
          <p>{t('app.tagline')}</p>
        </header>
        <form name="login" noValidate onSubmit={submit}>
          {field('Login', t('login.username'), t('login.usernameRequired'), { type: 'text', autoComplete: 'username', autoFocus: true })}
          {field('Password', t('login.password'), t('login.passwordRequired'), { type: 'password', autoComplete: 'current-password' })}
          {failure ? (
            <div className="login-alert" role="alert">
              <Icon name="error" />
              {failure}
            </div>
          ) : (
            (location.state as LoginState | null)?.ended && (
              <div className="login-alert login-notice" role="status">
                {t('login.ended')}
              </div>
            )
          )}
          <button type="submit" className="login-submit" disabled={login.isPending} aria-busy={login.isPending}>
            {login.isPending && <span className="login-spinner" aria-hidden="true" />}
            {t('login.submit')}
          </button>
        </form>
      </section>
      <select
        className="login-language"
        aria-label={t('language.label')}
        value={currentLanguage()}
        onChange={(e) => applyLanguage(e.target.value)}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`language.${lng}`)}
          </option>
        ))}
      </select>
    </main>
  );
}
