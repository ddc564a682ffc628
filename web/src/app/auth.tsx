import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { Button, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../api/client';
import { ApiError } from '../api/errors';
import { keys } from '../api/keys';
import type { Me } from '../api/types';
import { applyLanguage } from '../i18n';
import { isAdmin } from './roles';
import { LOGIN_PATH } from './session';

const MeContext = createContext<Me | null>(null);

/** Query options of the signed-in user, shared by every reader of keys.me. */
export const meQuery = {
  queryKey: keys.me,
  queryFn: () => unwrap(api.GET('/api/auth/me')),
};

/** The signed-in user. Only usable under RequireAuth. */
export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe must be used under RequireAuth');
  return me;
}

/**
 * Renders its children only for a signed-in user: loads GET /api/auth/me, applies the user's
 * language, and sends anyone without a session to the sign-in page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: me, error, refetch } = useQuery(meQuery);

  useEffect(() => {
    if (me) applyLanguage(me.Idioma);
  }, [me]);

  if (me) return <MeContext.Provider value={me}>{children}</MeContext.Provider>;
  if (error instanceof ApiError && error.status === 401) {
    return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname + location.search }} />;
  }
  if (error) {
    return (
      <Result
        status="warning"
        title={t('errors.network')}
        extra={
          <Button type="primary" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}

/** Renders its children for ADMIN users; others are sent to /error (access denied). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const me = useMe();
  if (!isAdmin(me.Tipos)) return <Navigate to="/error" replace state={{ reason: 'forbidden' }} />;
  return children;
}
