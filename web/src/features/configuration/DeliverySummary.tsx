import { Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeliverySummary } from './api';
import { DeliveryTag } from './DeliveryBadge';

/** The home page's view of the devices: the factory's machines counted by the delivery of their newest configuration, and those not applied. */
export function DeliverySummary() {
  const { t } = useTranslation();
  const summary = useDeliverySummary();
  const data = summary.data;
  return (
    <Card title={t('configuration.home.title')} loading={summary.isPending}>
      {data && data.Estados.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('configuration.home.empty')} />
      ) : (
        <Flex vertical gap="middle">
          <Flex wrap gap="small" aria-label={t('configuration.home.title')}>
            {data?.Estados.map((c) => (
              <Flex key={c.Estado} align="center" gap={4}>
                <DeliveryTag estado={c.Estado} />
                <Typography.Text strong>{c.N}</Typography.Text>
              </Flex>
            ))}
          </Flex>
          {data && data.Atencion.length > 0 && (
            <section aria-label={t('configuration.home.attention')}>
              <Typography.Text strong>{t('configuration.home.attention')}</Typography.Text>
              <ul className="vigia-rows">
                {data.Atencion.map((e) => (
                  <li key={e.UsuMaquinaID} className="vigia-row" style={{ alignItems: 'center' }}>
                    {e.Maquina}
                    <DeliveryTag estado={e.Estado} version={e.Version} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </Flex>
      )}
    </Card>
  );
}
