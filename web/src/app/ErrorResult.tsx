import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

const STATUS = { generic: 'error', forbidden: '403', notFound: '404' } as const;

/** The body of an error page: what went wrong, and "Volver al inicio". */
export function ErrorResult({ reason }: { reason: keyof typeof STATUS }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={STATUS[reason]}
      title={t(`errorPage.${reason}Title`)}
      subTitle={t(`errorPage.${reason}`)}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
