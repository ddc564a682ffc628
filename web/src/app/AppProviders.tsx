import { useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import esES from 'antd/locale/es_ES';
import enUS from 'antd/locale/en_US';
import frFR from 'antd/locale/fr_FR';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage, type Language } from '../i18n';
import { PRIMARY } from './ProductLogo';

const ANTD_LOCALES: Record<Language, Locale> = { es: esES, en: enUS, fr: frFR };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the user asked their system for less motion; followed as they change it. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
  );
}

/**
 * antd's locale following the UI language, the theme, and antd's App context (message, notification,
 * modal). A user who prefers reduced motion gets none: dialogs, lists and messages show and go at once.
 */
export function AntProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
  const motion = !usePrefersReducedMotion();
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={{ token: { colorPrimary: PRIMARY, borderRadius: 6, motion } }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

/** Everything a page needs around it: server state (TanStack Query) and antd (AntProviders). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntProviders>{children}</AntProviders>
    </QueryClientProvider>
  );
}
