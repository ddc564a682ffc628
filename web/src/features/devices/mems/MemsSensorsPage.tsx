import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Card, Flex, Select, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { ApartmentOutlined, CheckCircleOutlined, EditOutlined, LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../app/auth';
import { useFactory } from '../../../app/factory';
import { isAdmin } from '../../../app/roles';
import { describeError, useApiError } from '../../../app/useApiError';
import { useDebouncedValue } from '../../../app/useDebouncedValue';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { equipmentQuery, type Equipment, type ModoMedicion } from '../equipment/api';
import { GATEWAYS, MEASUREMENT_MODES } from '../equipment/kinds';
import { equipmentLabel } from '../equipment/label';
import { countQuery, pageQuery, verifySensor } from './api';
import { clampPage, filterQuery, NO_FILTER, PAGE_SIZES, pageRange, verifyFactory, type MemsFilter } from './list';
import { MemsAssignModal } from './MemsAssignModal';
import { MemsEditModal } from './MemsEditModal';
import { SensorHistoryModal } from './SensorHistoryModal';
import { useAssignableTree } from './useAssignableTree';
import { kosSensorColumns } from './sensorColumns';
import { SearchInput } from '../../../components/SearchInput';
import { RowActions, type RowActionProps } from '../../../components/RowAction';

/** The open modal: editing or assigning a sensor, or its history. */
type Open = { modal: 'edit' | 'assign' | 'history'; sensor: Equipment } | undefined;

/** Serial number, alias and mode filter; every change goes back to the first page. */
function FilterBar({ filter, onChange }: { filter: MemsFilter; onChange: (patch: Partial<MemsFilter>) => void }) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={8} role="search" aria-label={t('mems.filter.label')} style={{ marginBottom: 16 }}>
      <SearchInput
        label={t('mems.filter.serial')}
        value={filter.NumeroSerie}
        onChange={(NumeroSerie) => onChange({ NumeroSerie })}
        style={{ width: 220 }}
      />
      <SearchInput label={t('mems.filter.alias')} value={filter.Alias} onChange={(Alias) => onChange({ Alias })} style={{ width: 220 }} />
      <Select<ModoMedicion>
        aria-label={t('mems.mode')}
        placeholder={t('mems.filter.anyMode')}
        allowClear
        value={filter.ModoMedicion}
        onChange={(ModoMedicion) => onChange({ ModoMedicion })}
        options={MEASUREMENT_MODES.map((m) => ({ value: m, label: t(`mems.modes.${m}`) }))}
        style={{ width: 200 }}
      />
    </Flex>
  );
}

/**
 * 'Sensores KOS Sensor' (the MEMS section's index, ADMIN and U_EDITOR): the sensors the user
 * may see, filtered and paged by the server, with 'Editar', 'Asignar', 'Verificar' and their
 * history.
 */
export default function MemsSensorsPage() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const me = useMe();
  const admin = isAdmin(me.Tipos);
  const { factoryId } = useFactory();
  const onError = useApiError();
  useDocumentTitle(t('mems.title'));

  const [filter, setFilter] = useState<MemsFilter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const [open, setOpen] = useState<Open>(undefined);
  const query = filterQuery(useDebouncedValue(filter, 300));

  const count = useQuery(countQuery(query));
  const total = count.data ?? 0;
  // An edit or another user may leave fewer pages than the one shown.
  const current = count.data === undefined ? page : clampPage(page, total, size);
  const { from, to } = pageRange(current, size);
  const rows = useQuery({ ...pageQuery(query, from, to), placeholderData: keepPreviousData });
  const gateways = useQuery(equipmentQuery(GATEWAYS));
  const { tree, loading: treeLoading } = useAssignableTree();
  const gatewayOf = new Map((gateways.data ?? []).map((g) => [g.ID, g]));

  const verify = useMutation({
    mutationFn: (sensor: Equipment) => verifySensor(verifyFactory(sensor, factoryId) as number, sensor.ID),
    onSuccess: (result, sensor) => {
      const label = equipmentLabel(sensor);
      if (result.OK) {
        modal.success({ title: t('mems.verify.ok', { label }), okText: t('mems.verify.close') });
        return;
      }
      modal.warning({
        title: t('mems.verify.failed', { label }),
        okText: t('mems.verify.close'),
        content: (
          <ul style={{ paddingInlineStart: 20, margin: 0 }}>
            {(result.Errores ?? []).map((e, i) => (
              <li key={i}>{e.message}</li>
            ))}
          </ul>
        ),
      });
    },
    onError: (error) => onError(error),
  });

  const rowActions = (s: Equipment): RowActionProps[] => [
    { label: t('mems.actions.edit'), icon: <EditOutlined />, onClick: () => setOpen({ modal: 'edit', sensor: s }) },
    { label: t('mems.actions.assign'), icon: <ApartmentOutlined />, onClick: () => setOpen({ modal: 'assign', sensor: s }) },
    {
      label: t('mems.actions.verify'),
      icon: <CheckCircleOutlined />,
      loading: verify.isPending && verify.variables?.ID === s.ID,
      disabled: verifyFactory(s, factoryId) === undefined,
      onClick: () => verify.mutate(s),
    },
    { label: t('mems.actions.history'), icon: <LineChartOutlined />, onClick: () => setOpen({ modal: 'history', sensor: s }) },
  ];

  const columns: TableColumnsType<Equipment> = [
    ...kosSensorColumns(t, i18n.language, gatewayOf, tree),
    // A narrow window scrolls the columns under the actions, which stay in view.
    { title: t('common.actions'), key: 'actions', fixed: 'right', render: (_, s) => <RowActions actions={rowActions(s)} /> },
  ];

  const error = count.error ?? rows.error;
  return (
    <Card title={t('mems.title')}>
      <FilterBar
        filter={filter}
        onChange={(patch) => {
          setFilter((f) => ({ ...f, ...patch }));
          setPage(1);
        }}
      />
      {error && <Alert type="error" showIcon title={describeError(t, error)} style={{ marginBottom: 16 }} />}
      <Table<Equipment>
        rowKey="ID"
        columns={columns}
        dataSource={rows.data}
        loading={rows.isFetching || count.isPending}
        locale={{ emptyText: t('mems.empty') }}
        // Columns sized by their content, long cells wrapped to the page's width; below it the
        // table scrolls.
        scroll={{ x: 760 }}
        tableLayout="auto"
        size="small"
        pagination={{
          current,
          pageSize: size,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (n, [a, b]) => t('mems.range', { from: a, to: b, total: n }),
          onChange: (p, s) => {
            setPage(s === size ? p : 1);
            setSize(s);
          },
        }}
      />
      {open?.modal === 'edit' && (
        <MemsEditModal sensor={open.sensor} admin={admin} gateways={gateways.data ?? []} onClose={() => setOpen(undefined)} />
      )}
      {open?.modal === 'assign' && (
        <MemsAssignModal
          sensor={open.sensor}
          admin={admin}
          tree={tree}
          loading={treeLoading}
          onClose={() => setOpen(undefined)}
        />
      )}
      {open?.modal === 'history' && <SensorHistoryModal sensor={open.sensor} onClose={() => setOpen(undefined)} />}
    </Card>
  );
}
