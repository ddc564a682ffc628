import { useState } from 'react';
import { Button, Descriptions, Drawer, Flex, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { CloudDownloadOutlined, DiffOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { keys } from '../../api/keys';
import { useFactory } from '../../app/factory';
import { currentLanguage } from '../../i18n';
import { useFeedback } from '../tree/feedback';
import { configurationCalls, downloadVersion, MODE_OF, useDelivery, type Estado, type VersionState } from './api';
import { formatDateTime } from '../../lib/dates';

/** The colour of each delivery state: green done, blue on its way, warm when it needs a look. */
const COLOR: Record<Estado, string> = {
  none: 'default',
  pending: 'processing',
  delivered: 'blue',
  applied: 'success',
  partial: 'warning',
  failed: 'error',
  superseded: 'default',
  out_of_sync: 'gold',
  silent: 'volcano',
};

/** A delivery state as a tag. */
export function DeliveryTag({ estado, version }: { estado: Estado; version?: number | null }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`configuration.stateHelp.${estado}`)}>
      <Tag color={COLOR[estado]} data-estado={estado}>
        {t(`configuration.state.${estado}`)}
        {version ? ` · v${version}` : ''}
      </Tag>
    </Tooltip>
  );
}

/** A step's date and time on one line ('—' before it happens). */
const when = (iso?: string | null) => <span className="vigia-nowrap">{formatDateTime(iso, currentLanguage(), true) || '—'}</span>;

/**
 * The delivery of the machine's configuration in the editor's header: a compact tag with the
 * state of the newest version; a click opens its detail — the device, every version with its
 * steps, what the device reported, the download of each and what changed from the previous.
 */
export function DeliveryBadge({ machine, name }: { machine: number; name: string }) {
  const { t } = useTranslation();
  const delivery = useDelivery(machine);
  const [open, setOpen] = useState(false);
  const device = delivery.data?.Equipos[0];
  if (!device) return null;
  return (
    <>
      <Button type="text" size="small" onClick={() => setOpen(true)} aria-label={t('configuration.delivery')} style={{ padding: 0 }}>
        <DeliveryTag estado={device.Estado} version={device.Version} />
      </Button>
      {open && delivery.data && <DeliveryDrawer machine={machine} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

function DeliveryDrawer({ machine, name, onClose }: { machine: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { factoryId = 0 } = useFactory();
  const feedback = useFeedback();
  const delivery = useDelivery(machine);
  const [diff, setDiff] = useState<[number, number]>();
  const device = delivery.data?.Equipos[0];
  const versions = delivery.data?.Versiones ?? [];
  return (
    // Wide enough for a version's three times, with their seconds, on one line beside its
    // actions (AntD keeps a drawer within the window; a narrower one scrolls the table).
    <Drawer open title={t('configuration.delivery')} onClose={onClose} size={880}>
      {device && (
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('configuration.device')}>{device.Alias ? `${device.NumeroSerie} (${device.Alias})` : device.NumeroSerie}</Descriptions.Item>
          <Descriptions.Item label={t('configuration.state.label')}>
            <DeliveryTag estado={device.Estado} version={device.Version} />
          </Descriptions.Item>
          <Descriptions.Item label={t('configuration.lastPoll')}>{when(device.Sondeo)}</Descriptions.Item>
        </Descriptions>
      )}
      <Table<VersionState>
        size="small"
        rowKey="Version"
        dataSource={versions}
        pagination={false}
        locale={{ emptyText: t('configuration.noVersions') }}
        scroll={{ x: 'max-content' }}
        expandable={{
          rowExpandable: (v) => v.Secciones.length > 0,
          expandedRowRender: (v) => (
            <Space direction="vertical" size={2}>
              {v.Secciones.map((s) => (
                <Typography.Text key={s.Nombre} type={s.OK ? undefined : 'danger'}>
                  {s.OK ? '✓' : '✗'} {t(`configuration.sections.${s.Nombre}`, { defaultValue: s.Nombre })}
                  {s.Errores.map((e) => ` — ${e.message}`).join('')}
                </Typography.Text>
              ))}
            </Space>
          ),
        }}
        columns={[
          { title: t('configuration.version'), dataIndex: 'Version', width: 80 },
          { title: t('configuration.mode'), dataIndex: 'Modo', render: (m: number) => t(`configuration.actions.${MODE_OF[m]}`) },
          { title: t('configuration.state.label'), dataIndex: 'Estado', render: (e: Estado) => <DeliveryTag estado={e} /> },
          { title: t('configuration.publishedAt'), dataIndex: 'Publicada', render: when },
          { title: t('configuration.deliveredAt'), dataIndex: 'Entregada', render: when },
          { title: t('configuration.reportedAt'), dataIndex: 'Informada', render: when },
          {
            key: 'actions',
            width: 80,
            render: (_: unknown, v: VersionState, i: number) => (
              <Flex gap={4}>
                <Tooltip title={t('configuration.download')}>
                  <Button
                    size="small"
                    icon={<CloudDownloadOutlined />}
                    aria-label={t('configuration.download')}
                    onClick={() => downloadVersion(factoryId, machine, v.Version, name).catch((e: unknown) => feedback.error(t('configuration.downloadFailed'), e))}
                  />
                </Tooltip>
                {i + 1 < versions.length && (
                  <Tooltip title={t('configuration.compare')}>
                    <Button size="small" icon={<DiffOutlined />} aria-label={t('configuration.compare')} onClick={() => setDiff([versions[i + 1].Version, v.Version])} />
                  </Tooltip>
                )}
              </Flex>
            ),
          },
        ]}
      />
      {diff && <DiffModal machine={machine} versions={diff} onClose={() => setDiff(undefined)} />}
    </Drawer>
  );
}

/** What changed from one version to the next, field by field. */
function DiffModal({ machine, versions: [from, to], onClose }: { machine: number; versions: [number, number]; onClose: () => void }) {
  const { t } = useTranslation();
  const { factoryId = 0 } = useFactory();
  const changes = useQuery({
    queryKey: keys.configurationDiff(factoryId, machine, from, to),
    queryFn: () => configurationCalls.diff(factoryId, machine, from, to),
  });
  return (
    <Modal open title={t('configuration.diffTitle', { from, to })} onCancel={onClose} footer={null} width={900}>
      <Table
        size="small"
        rowKey="Ruta"
        loading={changes.isPending}
        dataSource={changes.data}
        pagination={false}
        scroll={{ y: 480 }}
        locale={{ emptyText: t('configuration.noChanges') }}
        columns={[
          { title: t('configuration.field'), dataIndex: 'Ruta', render: (r: string) => <Typography.Text code>{r}</Typography.Text> },
          { title: t('configuration.before'), dataIndex: 'Antes', width: '25%', render: (v: string) => v || '—' },
          { title: t('configuration.after'), dataIndex: 'Despues', width: '25%', render: (v: string) => v || '—' },
        ]}
      />
    </Modal>
  );
}
