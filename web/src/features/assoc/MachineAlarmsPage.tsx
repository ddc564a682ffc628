import { useMemo, useState } from 'react';
import { Button, Card, Empty, Flex, Result, Select, Space, Table, Tag, Typography } from 'antd';
import type { ButtonProps, TableColumnsType } from 'antd';
import { CheckOutlined, CloseOutlined, EditOutlined, LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../components/DecimalInput';
import { buttonColumn } from '../../components/RowAction';
import { useMachineAlarms, useSaveMachineAlarm, type MachineAlarm } from './api';
import { useFeedback } from '../tree/feedback';
import { KIND_ICON } from '../tree/icons';
import { alarmKey, conditionName, conditionOptions, directionLabel, filterAlarms } from './machineAlarms';
import { currentLanguage } from '../../i18n';
import { thousandthsText, toThousandths } from '../../lib/decimal';
import { REFERENCE_FIELDS, refusedField, type ReferenceField } from './referenceValues';
import { EditorLoadError, EditorLoading, EditorTitle, useCanEdit, useTabNode } from '../tree/editors/NodeEditor';
import { SearchInput } from '../../components/SearchInput';
import { AlarmModal } from '../alarms/AlarmModal';

/** A row's icon button, named by `label` (read aloud and shown on hover). */
function RowButton({ label, ...button }: ButtonProps & { label: string }) {
  return <Button size="small" aria-label={label} title={label} {...button} />;
}

/** The row being edited: its key and its three values as typed. */
interface Editing {
  key: string;
  values: [string, string, string];
  /** The values as last checked: on leaving a field or pressing Enter (REF-013). */
  checked: [string, string, string];
}

const VALUE_FIELD = { Aviso: 'VrAviso', Alarma: 'VrAlarma', Peligro: 'VrPeligro' } as const;
const VALUE_COLUMN = { Aviso: 'warning', Alarma: 'alarm', Peligro: 'danger' } as const;

/**
 * The machine's alert list (/editor/machine/reference-value-edition, TREE-003): every reference
 * value of its associated VCVs and VCPs, one row per direction and condition, filtered by name
 * and condition. Editors change a row's warning, alarm and danger in place, checked with the
 * reference-value rules (REF-012..REF-023) before the save.
 */
export default function MachineAlarmsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { id: machine, node } = useTabNode('machine', t('alarms.tab'));
  const alarms = useMachineAlarms(machine);
  const canEdit = useCanEdit();
  const feedback = useFeedback();
  const save = useSaveMachineAlarm(machine);
  const [search, setSearch] = useState('');
  const [condition, setCondition] = useState<number>();
  const [editing, setEditing] = useState<Editing>();
  // The row whose chart is open in the alarm edit modal.
  const [charting, setCharting] = useState<MachineAlarm>();

  const rows = useMemo(() => alarms.data ?? [], [alarms.data]);
  const shown = useMemo(() => filterAlarms(rows, search, condition), [rows, search, condition]);
  // Saving waits for valid values (REF-015); the message follows the last check (REF-013).
  const refused = editing ? refusedField(editing.values) : null;
  const flagged = editing ? refusedField(editing.checked) : null;

  if (machine === 0) return <Result status="info" title={t('tree.editor.notSelected')} />;
  if (node.isPending || alarms.isPending) return <EditorLoading />;
  if (node.isError || alarms.isError) return <EditorLoadError error={node.error ?? alarms.error} />;

  const startEditing = (row: MachineAlarm) => {
    const text = (v: number | null | undefined) => thousandthsText(v, language);
    const values: Editing['values'] = [text(row.VrAviso), text(row.VrAlarma), text(row.VrPeligro)];
    setEditing({ key: alarmKey(row), values, checked: values });
  };
  const check = () => editing && setEditing({ ...editing, checked: editing.values });

  const submit = (row: MachineAlarm) => {
    check();
    if (!editing || refused) return;
    const [VrAviso, VrAlarma, VrPeligro] = editing.values.map(toThousandths);
    save.mutate(
      { row, values: { VrAviso, VrAlarma, VrPeligro } },
      {
        onSuccess: () => {
          setEditing(undefined);
          feedback.success(t('alarms.saved'));
        },
        onError: (error) => feedback.error(t('alarms.saveFailed'), error),
      },
    );
  };

  const valueColumn = (field: ReferenceField, index: number): TableColumnsType<MachineAlarm>[number] => ({
    key: field,
    title: t(`alarms.columns.${VALUE_COLUMN[field]}`),
    align: 'right',
    width: 112,
    render: (_, row) => {
      if (editing?.key !== alarmKey(row)) return thousandthsText(row[VALUE_FIELD[field]], language);
      const invalid = flagged === field;
      return (
        <Flex vertical gap={2}>
          <DecimalInput
            size="small"
            aria-label={t(`alarms.columns.${VALUE_COLUMN[field]}`)}
            value={editing.values[index]}
            status={invalid ? 'error' : undefined}
            onChange={(e) => {
              const values: Editing['values'] = [...editing.values];
              values[index] = e.target.value;
              setEditing({ ...editing, values });
            }}
            onBlur={check}
            onPressEnter={() => submit(row)}
            onKeyDown={(e) => e.key === 'Escape' && setEditing(undefined)}
            style={{ textAlign: 'right' }}
          />
          {invalid && (
            <Typography.Text type="danger" style={{ fontSize: 12, textAlign: 'start', lineHeight: 1.3 }}>
              {t('alarms.invalid')}
            </Typography.Text>
          )}
        </Flex>
      );
    },
  });

  const columns: TableColumnsType<MachineAlarm> = [
    { key: 'component', title: t('alarms.columns.component'), dataIndex: 'ComponenteNombre' },
    { key: 'point', title: t('alarms.columns.point'), dataIndex: 'PuntoNombre' },
    {
      key: 'item',
      title: t('alarms.columns.item'),
      render: (_, row) => (
        <Flex wrap align="center" gap={6}>
          <span>{row.VcvNombre}</span>
          <Tag bordered={false} color={row.Tipo === 'MPVP' ? 'purple' : 'blue'} style={{ marginInlineEnd: 0 }}>
            {t(`alarms.kinds.${row.Tipo}`)}
          </Tag>
        </Flex>
      ),
    },
    {
      key: 'direction',
      title: t('alarms.columns.direction'),
      width: 90,
      render: (_, row) => directionLabel(row.Orientacion, row.Direccion) ?? t('alarms.temperature'),
    },
    { key: 'condition', title: t('alarms.columns.condition'), render: (_, row) => conditionName(row) },
    ...REFERENCE_FIELDS.map(valueColumn),
    buttonColumn('chart', t('precalc.modal.open'), 48, (row) => (
      <RowButton label={t('precalc.modal.open')} type="text" icon={<LineChartOutlined />} onClick={() => setCharting(row)} />
    )),
  ];
  if (canEdit) {
    columns.push(
      buttonColumn('actions', t('alarms.columns.actions'), 72, (row) =>
        editing?.key === alarmKey(row) ? (
          <Space size={4}>
            <RowButton
              label={t('alarms.save')}
              type="primary"
              icon={<CheckOutlined />}
              disabled={refused !== null}
              loading={save.isPending}
              onClick={() => submit(row)}
            />
            <RowButton label={t('alarms.cancel')} icon={<CloseOutlined />} onClick={() => setEditing(undefined)} />
          </Space>
        ) : (
          <RowButton label={t('alarms.edit')} type="text" icon={<EditOutlined />} onClick={() => startEditing(row)} />
        ),
      ),
    );
  }

  return (
    <Card
      title={<EditorTitle icon={KIND_ICON.machine} kind={t('alarms.tab')} name={node.data.NombreEs} />}
      styles={{ header: { paddingBlock: 12 } }}
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('alarms.help')}</Typography.Text>
        <Flex wrap gap={8}>
          <SearchInput label={t('alarms.search')} value={search} onChange={setSearch} style={{ width: 320, maxWidth: '100%' }} />
          <Select
            allowClear
            placeholder={t('alarms.allConditions')}
            aria-label={t('alarms.columns.condition')}
            options={conditionOptions(rows)}
            value={condition}
            onChange={setCondition}
            style={{ width: 240, maxWidth: '100%' }}
          />
        </Flex>
        <Table<MachineAlarm>
          size="small"
          rowKey={alarmKey}
          columns={columns}
          dataSource={shown}
          // Below this width the list scrolls instead of squeezing the inputs of an edited row.
          scroll={{ x: 900 }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={rows.length === 0 ? t('alarms.empty') : undefined} /> }}
        />
      </Flex>
      {charting && (
        <AlarmModal key={alarmKey(charting)} machine={machine} subject={{ kind: 'vcv', row: charting }} onClose={() => setCharting(undefined)} />
      )}
    </Card>
  );
}
