import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** Small vibration-trace logo used by the header and the sign-in page. */
export function ProductLogo({ size = 28 }: { size?: number }) {
  const { token } = theme.useToken();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill={token.colorPrimary} />
      <path
        d="M3 17h5l3-8 5 15 4-11 2 4h7"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

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
