import { Card, Empty, Flex, List, Typography } from 'antd';
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
            <List
              size="small"
              header={<Typography.Text strong>{t('configuration.home.attention')}</Typography.Text>}
              dataSource={data.Atencion}
              renderItem={(e) => (
                <List.Item extra={<DeliveryTag estado={e.Estado} version={e.Version} />}>{e.Maquina}</List.Item>
              )}
            />
          )}
        </Flex>
      )}
    </Card>
  );
}
