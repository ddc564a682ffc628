import { Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../app/auth';
import { useFactory } from '../../app/factory';
import { useFactoryName } from '../../app/FactoryName';
import { RoleTags } from '../../app/RoleTags';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { DeliverySummary } from '../configuration/DeliverySummary';

/** Inicio: who is signed in, in which factory, with which types; how the factory's device configurations stand. */
export default function HomePage() {
  const { t } = useTranslation();
  const me = useMe();
  const { factory } = useFactory();
  const nameOf = useFactoryName();
  useDocumentTitle(t('nav.home'));

  return (
    <Flex vertical gap="middle">
      <Card style={{ maxWidth: 760 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('home.welcome', { name: me.Nombre })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('home.intro')}</Typography.Paragraph>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'factory', label: t('home.factory'), children: factory ? nameOf(factory) : t('home.noFactory') },
            { key: 'user', label: t('home.user'), children: `${me.Nombre} (${me.Login})` },
            { key: 'types', label: t('home.types'), children: <RoleTags tipos={me.Tipos} /> },
          ]}
        />
      </Card>
      {factory !== undefined && <DeliverySummary />}
    </Flex>
  );
}
