import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Dropdown, Flex, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  ApartmentOutlined,
  EditOutlined,
  EllipsisOutlined,
  KeyOutlined,
  PlusOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { describeError, useApiError } from '../../../app/useApiError';
import { usersQuery } from '../../admin/api';
import { adminTreeQuery, equipmentQuery, useEquipmentChange, type Equipment } from './api';
import { assignmentPath } from './adminTree';
import { AssignModal, AssignUserModal, ReplaceGatewayModal } from './AssignModals';
import { EquipmentFormModal } from './EquipmentFormModal';
import { GATEWAYS, installationPath, matchesFilter, type EquipmentKind } from './kinds';
import { equipmentLabel } from './label';
import { TokenModal } from './TokenModal';
import { DeliveryTag } from '../../configuration/DeliveryBadge';
import { SearchInput } from '../../../components/SearchInput';
import { RowActions, type RowActionProps } from '../../../components/RowAction';
import { kosSensorColumns, NONE, pathCell } from '../mems/sensorColumns';
import { PathText } from '../../../components/PathText';

/** Below this width the table scrolls sideways instead of wrapping its cells further. */
const TABLE_MIN_WIDTH = 820;

/** The modal open over the table, if any. */
type Dialog =
  | { open: 'form'; item?: Equipment }
  | { open: 'assign' | 'user' | 'replace'; item: Equipment }
  | { open: 'token'; label: string; token: string };

/** One tab of the screen: a kind's devices, a filter, registration and the row actions. */
export function EquipmentTab({ kind }: { kind: EquipmentKind }) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const onError = useApiError();
  const list = useQuery(equipmentQuery(kind));
  // Gateways label the devices behind them and are the choices of a gateway's replacement.
  const gateways = useQuery(equipmentQuery(GATEWAYS));
  const tree = useQuery(adminTreeQuery);
  const users = useQuery(usersQuery);
  const change = useEquipmentChange();
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);

  const gatewayById = new Map((gateways.data ?? []).map((g) => [g.ID, g]));
  const userById = new Map((users.data ?? []).map((u) => [u.UsuarioID, u]));
  const rows = (list.data ?? []).filter((e) => matchesFilter(e, filter));

  const newToken = (item: Equipment) => {
    const label = equipmentLabel(item);
    modal.confirm({
      title: t('equipment.token.confirm', { label }),
      content: t('equipment.token.confirmDescription'),
      okText: t('equipment.token.generate'),
      cancelText: t('common.cancel'),
      onOk: () =>
        change.mutateAsync({ action: 'token', id: item.ID }).then(
          (answer) => {
            if (answer?.Token) setDialog({ open: 'token', label, token: answer.Token });
          },
          (error: unknown) => onError(error),
        ),
    });
  };

  // The row's own actions; the rest are in its menu.
  const rowActions = (e: Equipment): RowActionProps[] => [
    { label: t('common.edit'), icon: <EditOutlined />, onClick: () => setDialog({ open: 'form', item: e }) },
    { label: t('equipment.actions.assign'), icon: <ApartmentOutlined />, onClick: () => setDialog({ open: 'assign', item: e }) },
  ];

  const bySerial: TableColumnsType<Equipment>[number] = {
    sorter: (a, b) => a.NumeroSerie.localeCompare(b.NumeroSerie, i18n.language, { numeric: true }),
    defaultSortOrder: 'ascend',
  };
  // KOS Sensors show the columns they have wherever they are listed; the other devices their own.
  const columns: TableColumnsType<Equipment> = kind.sensor
    ? kosSensorColumns(t, i18n.language, gatewayById, tree.data ?? []).map((c, i) => (i === 0 ? { ...c, ...bySerial } : c))
    : [
        { title: t('equipment.fields.serial'), dataIndex: 'NumeroSerie', ...bySerial },
        { title: t('equipment.fields.alias'), dataIndex: 'Alias', render: (alias: string | null) => alias || NONE },
        ...(kind.gateway === 'none'
          ? []
          : [
              {
                title: t('equipment.fields.gateway'),
                key: 'gateway',
                render: (_: unknown, e: Equipment) => {
                  const g = e.ConcentradorId == null ? undefined : gatewayById.get(e.ConcentradorId);
                  return g ? equipmentLabel(g) : NONE;
                },
              },
            ]),
        {
          title: t('equipment.fields.assignment'),
          key: 'assignment',
          render: (_, e) => {
            const names = assignmentPath(e.Asignacion, tree.data ?? []);
            return names ? <PathText names={names} /> : <Typography.Text type="secondary">{t('equipment.unassigned')}</Typography.Text>;
          },
        },
        ...(kind.installed
          ? [{ title: t('equipment.fields.installation'), key: 'installation', render: (_: unknown, e: Equipment) => pathCell(installationPath(e, i18n.language)) }]
          : []),
        // Gateways and alert devices receive configurations: each machine's newest, and its delivery.
        {
          title: t('configuration.column'),
          key: 'delivery',
          // A device on a machine that has no configuration yet says so, as the machine's editor does.
          render: (_, e) => {
            if (!e.Entregas?.length) return e.Maquina ? <DeliveryTag estado="none" /> : NONE;
            return (
              <Flex vertical gap={2} align="start">
                {e.Entregas.map((d) => (
                  <Flex key={d.UsuMaquinaID} gap={4} align="center">
                    {e.Entregas!.length > 1 && <Typography.Text>{d.Maquina}</Typography.Text>}
                    <DeliveryTag estado={d.Estado} version={d.Version} />
                  </Flex>
                ))}
              </Flex>
            );
          },
        },
      ];
  columns.push(
    {
      title: t('equipment.fields.user'),
      key: 'user',
      render: (_, e) => (e.UsuarioId == null ? undefined : userById.get(e.UsuarioId)?.Nombre) ?? NONE,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, e) => (
        <RowActions actions={rowActions(e)}>
          <Dropdown
            trigger={['click']}
            autoFocus
            menu={{
              items: [
                { key: 'user', icon: <UserOutlined />, label: t('equipment.actions.assignUser') },
                { key: 'token', icon: <KeyOutlined />, label: t('equipment.actions.newToken') },
                ...(kind.replaceable ? [{ key: 'replace', icon: <SwapOutlined />, label: t('equipment.actions.replace') }] : []),
              ],
              onClick: ({ key }) => {
                if (key === 'token') newToken(e);
                else setDialog({ open: key as 'user' | 'replace', item: e });
              },
            }}
          >
            <Button
              type="text"
              size="small"
              icon={<EllipsisOutlined />}
              aria-label={t('equipment.actions.more', { label: equipmentLabel(e) })}
              title={t('equipment.actions.more', { label: equipmentLabel(e) })}
            />
          </Dropdown>
        </RowActions>
      ),
    },
  );

  const error = list.error ?? gateways.error ?? tree.error;
  return (
    <>
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <SearchInput type="search" label={t('equipment.filter')} value={filter} onChange={setFilter} style={{ maxWidth: 360 }} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: 'form' })}>
          {t('equipment.register')}
        </Button>
      </Flex>
      {error && <Alert type="error" showIcon title={describeError(t, error)} style={{ marginBottom: 16 }} />}
      <Table<Equipment>
        rowKey="ID"
        columns={columns}
        dataSource={rows}
        loading={list.isPending}
        pagination={{ hideOnSinglePage: true, pageSize: 50 }}
        locale={{ emptyText: filter.trim() ? t('equipment.noMatch') : t('equipment.empty') }}
        // At least as wide as the screen's content, columns sized by their content and long
        // cells wrapped; narrower screens scroll.
        scroll={{ x: TABLE_MIN_WIDTH }}
        tableLayout="auto"
        size="middle"
      />
      {dialog?.open === 'form' && (
        <EquipmentFormModal
          kind={kind}
          item={dialog.item}
          gateways={gateways.data ?? []}
          onClose={close}
          onRegistered={(label, token) => setDialog({ open: 'token', label, token })}
        />
      )}
      {dialog?.open === 'token' && <TokenModal label={dialog.label} token={dialog.token} onClose={close} />}
      {dialog?.open === 'assign' && <AssignModal kind={kind} item={dialog.item} tree={tree.data ?? []} onClose={close} />}
      {dialog?.open === 'user' && <AssignUserModal item={dialog.item} users={users.data ?? []} onClose={close} />}
      {dialog?.open === 'replace' && <ReplaceGatewayModal item={dialog.item} gateways={gateways.data ?? []} onClose={close} />}
    </>
  );
}
