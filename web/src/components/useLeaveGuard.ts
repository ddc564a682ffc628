import { useEffect } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '../app/session';

/**
 * While `dirty` (values typed and not saved), leaving the screen asks first: a move to another
 * screen of the app (another node, tab or menu entry) waits for 'Salir sin guardar', and the
 * browser asks before the page is closed or reloaded. The sign-in page is not asked for: the
 * session has ended (signed out, or refused by the server), and staying could save nothing.
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      nextLocation.pathname !== LOGIN_PATH &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('common.leave.title'),
      content: t('common.leave.content'),
      okText: t('common.leave.ok'),
      cancelText: t('common.leave.stay'),
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}
