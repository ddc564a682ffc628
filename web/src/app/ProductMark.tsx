import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProductLogo } from './ProductLogo';

/** Logo and product name "Vigía". */
export function ProductMark({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={8} style={{ flexShrink: 0 }}>
      <ProductLogo />
      {/* Small screens keep the logo only: the header needs the room. */}
      {compact ? (
        <span className="visually-hidden">{t('app.name')}</span>
      ) : (
        <Typography.Text strong style={{ fontSize: 18 }}>
          {t('app.name')}
        </Typography.Text>
      )}
    </Flex>
  );
}
