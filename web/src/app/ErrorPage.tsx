import { Result } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from './BackHomeButton';

/**
 * /error: where pages send users who may not see them (AUTH-005). Without a reason it
 * explains the missing permission, which is what the route is for; `state.reason === 'error'`
 * shows a generic error instead.
 */
export default function ErrorPage() {
  const { t } = useTranslation();
  const { state } = useLocation();
  if ((state as { reason?: string } | null)?.reason === 'error') {
    return (
      <Result
        status="error"
        title={t('errorPage.genericTitle')}
        subTitle={t('errorPage.generic')}
        extra={<BackHomeButton />}
      />
    );
  }
  return (
    <Result
      status="403"
      title={t('errorPage.forbiddenTitle')}
      subTitle={t('errorPage.forbidden')}
      extra={<BackHomeButton />}
    />
  );
}
