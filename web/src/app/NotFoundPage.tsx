import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from './BackHomeButton';

/** Any route the application does not know. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('errorPage.notFoundTitle')}
      subTitle={t('errorPage.notFound')}
      extra={<BackHomeButton />}
    />
  );
}
