import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * Router error boundary: a page that throws while rendering, or whose code cannot be loaded
 * (e.g. after a new version was deployed), shows this instead of a blank screen. The button
 * reloads the application from the start.
 */
export default function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Result
      status="error"
      title={t('errorPage.genericTitle')}
      subTitle={t('errorPage.generic')}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
