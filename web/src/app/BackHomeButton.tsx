import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** "Volver al inicio" button of the error pages. */
export function BackHomeButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => void navigate('/')}>
      {t('common.backHome')}
    </Button>
  );
}
