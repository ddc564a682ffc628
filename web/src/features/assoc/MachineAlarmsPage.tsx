import { useMemo, useState } from 'react';
import { Button, Card, Empty, Flex, Pagination, Result, Select, Space, Table, Tag, Typography } from 'antd';
import type { ButtonProps, TableColumnType, TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { CheckOutlined, CloseOutlined, DownloadOutlined, EditOutlined, LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DecimalInput, decimalRange } from '../../components/DecimalInput';
import { buttonColumn } from '../../components/RowAction';
import { machineAlarmCalls, useMachineAlarms, useSaveMachineAlarm, type MachineAlarm } from './api';
import { useFactory } from '../../app/factory';
import { ChangedAlert, isChanged } from '../../components/ChangedAlert';
import { useFeedback } from '../tree/feedback';
import { KIND_ICON } from '../tree/icons';
import { unitsOf } from '../../lib/units';
import { alarmKey, conditionName, conditionOptions, directionLabel, filterAlarms, groupByPoint, referenceUnit, seriesCsv, unitColumn, type GroupLine } from './machineAlarms';
import { saveFile } from '../../lib/download';
import { currentLanguage } from '../../i18n';
import { decimalMark, decimalText, thousandthsText, toThousandths } from '../../lib/decimal';
import { REFERENCE_FIELDS, REFERENCE_VALUE, refusal, type ReferenceField } from './referenceValues';
import { EditorLoadError, EditorLoading, EditorTitle, useCanEdit, useTabNode } from '../tree/editors/NodeEditor';
import { SearchInput } from '../../components/SearchInput';
import { AlarmModal } from '../alarms/AlarmModal';
import './machineAlarms.css';
import { LevelLabel } from '../alarms/LevelLabel';
import { headerWidth } from '../alarms/columnWidth';

/** A row's icon button, named by `label` (read aloud and shown on hover). */
function RowButton({ label, ...button }: ButtonProps & { label: string }) {
  return <Button size="small" aria-label={label} title={label} {...button} />;
}

/** A line of the list: a point's heading or one of its rows. */
type Line = GroupLine | MachineAlarm;
const isGroup = (line: Line): line is GroupLine => 'group' in line;
const lineKey = (line: Line) => (isGroup(line) ? `group:${line.group}` : alarmKey(line));

/**
 * A row's column on the list's lines: on a heading line the first column (`span` > 0) spans the
 * line with the component and point, the others are left out.
 */
function lineColumn(column: TableColumnType<MachineAlarm>, span: number): TableColumnType<Line> {
  const { render, onCell, ...rest } = column;
  return {
    ...rest,
    onCell: (line: Line, index?: number) => (isGroup(line) ? { colSpan: span } : (onCell?.(line, index) ?? {})),
    render: (value: unknown, line: Line, index: number) =>
      isGroup(line) ? (
        span > 0 && (
          <Typography.Text strong>
            {line.component} · {line.point}
          </Typography.Text>
        )
      ) : (
        render?.(value, line, index)
      ),
  } as TableColumnType<Line>;
}

/** A heading line is a table row, not one of the list's rows (.ant-table-row) that the actions and checks count. */
function LineRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string }) {
  const group = props['data-row-key']?.startsWith('group:');
  return <tr className={group ? 'vigia-alarm-group' : className} {...props} />;
}

/** The row being edited: its key and its three values as typed. */
interface Editing {
  key: string;
  values: [string, string, string];
  /** The values as last checked: on leaving a field or pressing Enter (REF-013). */
  checked: [string, string, string];
  /** The row as read when its edit began: the version the save is based on. */
  base: object;
}

const VALUE_FIELD = { Aviso: 'VrAviso', Alarma: 'VrAlarma', Peligro: 'VrPeligro' } as const;
const VALUE_COLUMN = { Aviso: 'warning', Alarma: 'alarm', Peligro: 'danger' } as const;
/** The id of the edited row's problem, which describes its failing field. */
const PROBLEM_ID = 'alarm-problem';

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
  // The row whose edit is being read; the row whose save was refused over another user's change.
  const [opening, setOpening] = useState<string>();
  const [changed, setChanged] = useState<MachineAlarm>();
  const { factoryId = 0 } = useFactory();
  const [paging, setPaging] = useState({ current: 1, pageSize: 50 });
  // The row whose chart is open in the alarm edit modal.
  const [charting, setCharting] = useState<MachineAlarm>();

  const rows = useMemo(() => alarms.data ?? [], [alarms.data]);
  const shown = useMemo(() => filterAlarms(rows, search, condition), [rows, search, condition]);
  // A page of rows, each point's under a heading line with its component and point.
  const lines = groupByPoint(shown.slice((paging.current - 1) * paging.pageSize, paging.current * paging.pageSize));
  // Saving waits for valid values (REF-015); the message, with the rule broken, follows the last check (REF-013).
  const refused = editing ? refusal(editing.values) : null;
  const flagged = editing ? refusal(editing.checked) : null;

  if (machine === 0) return <Result status="info" title={t('tree.editor.notSelected')} />;
  if (node.isPending || alarms.isPending) return <EditorLoading />;
  if (node.isError || alarms.isError) return <EditorLoadError error={node.error ?? alarms.error} />;

  /**
   * Edits a row as it is now, read again with its version: a save is refused (412) over another
   * user's change instead of undoing it; the current values can then be loaded.
   */
  const startEditing = (row: MachineAlarm) => {
    setOpening(alarmKey(row));
    void machineAlarmCalls
      .one(factoryId, machine, row)
      .then(
        (read) => {
          const text = (v: number | null | undefined) => thousandthsText(v, language);
          const values: Editing['values'] = [text(read.VrAviso), text(read.VrAlarma), text(read.VrPeligro)];
          setEditing({ key: alarmKey(row), values, checked: values, base: read });
          setChanged(undefined);
        },
        (error: unknown) => feedback.error(t('alarms.loadFailed'), error),
      )
      .finally(() => setOpening(undefined));
  };
  const check = () => editing && setEditing({ ...editing, checked: editing.values });

  const submit = (row: MachineAlarm) => {
    check();
    if (!editing || refused) return;
    const [VrAviso, VrAlarma, VrPeligro] = editing.values.map(toThousandths);
    save.mutate(
      { row, values: { VrAviso, VrAlarma, VrPeligro }, base: editing.base },
      {
        onSuccess: () => {
          setEditing(undefined);
          feedback.success(t('alarms.saved'));
        },
        onError: (error) => {
          // Another user's change is told by its alert, which offers the current values.
          if (isChanged(error)) setChanged(row);
          feedback.error(t('alarms.saveFailed'), isChanged(error) ? undefined : error);
        },
      },
    );
  };

  const downloadSeries = () =>
    saveFile(
      t('alarms.series.file', { machine: node.data.NombreEs }),
      seriesCsv(
        rows,
        (['component', 'point', 'item', 'direction', 'condition', 'unit'] as const).map((c) => t(`alarms.columns.${c}`)),
        t('alarms.temperature'),
        decimalMark(language) === ',' ? ';' : ',',
      ),
      'text/csv',
    );

  const narrow = (next: () => void) => {
    next();
    setPaging((p) => ({ ...p, current: 1 }));
  };

  // The unit goes under the values' headers when every row has the same, else in a column of its own.
  const { shared, mixed } = unitsOf(rows.map(referenceUnit));
  const valueColumn = (field: ReferenceField, index: number): TableColumnsType<MachineAlarm>[number] => ({
    key: field,
    title: (
      <Flex vertical align="end">
        <LevelLabel level={field}>{t(`alarms.columns.${VALUE_COLUMN[field]}`)}</LevelLabel>
        {shared && (
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
            {shared}
          </Typography.Text>
        )}
      </Flex>
    ),
    align: 'right',
    // Its header whole (the marker, its name and the padding: 'Avertissement' in French).
    width: headerWidth(t(`alarms.columns.${VALUE_COLUMN[field]}`), 84, 34),
    render: (_, row) => {
      if (editing?.key !== alarmKey(row)) return thousandthsText(row[VALUE_FIELD[field]], language);
      const invalid = flagged?.field === field;
      return (
        <DecimalInput
          size="small"
          aria-label={t(`alarms.columns.${VALUE_COLUMN[field]}`)}
          aria-describedby={invalid ? PROBLEM_ID : undefined}
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
      );
    },
  });

  const columns: TableColumnsType<MachineAlarm> = [
    {
      key: 'item',
      title: t('alarms.columns.item'),
      // A long name on two lines (in a 1280 px window, 'Velocidad global 600-6000 CPM (descarga)'),
      // cut short beyond with the whole of it on hover; where the column leaves the name less than
      // 140 px beside its tag (French headers widen the levels), the tag goes under it; the tag
      // follows the name, never the far end of a wide column. The
      // component and point are the heading's; screen readers read them with each row.
      // The edited row's problem shows here, in one or two lines, rather than in a narrow value
      // column; the field in question is outlined in red and described by it.
      render: (_, row) => (
        <Flex vertical gap={2}>
          <Flex align="center" wrap gap={6}>
            <span className="visually-hidden">
              {row.ComponenteNombre} · {row.PuntoNombre} ·
            </span>
            <Typography.Paragraph ellipsis={{ rows: 2, tooltip: row.VcvNombre }} style={{ margin: 0, flex: '1 1 140px', maxWidth: 'fit-content' }}>
              {row.VcvNombre}
            </Typography.Paragraph>
            <Tag variant="filled" color={row.Tipo === 'MPVP' ? 'purple' : 'blue'} style={{ marginInlineEnd: 0, flex: 'none', fontSize: 11, paddingInline: 4 }}>
              {t(`alarms.kinds.${row.Tipo}`)}
            </Tag>
          </Flex>
          {flagged && editing?.key === alarmKey(row) && (
            <Typography.Text id={PROBLEM_ID} type="danger" style={{ fontSize: 12, lineHeight: 1.3 }}>
              {t('alarms.invalid')}{' '}
              {t(`alarms.rules.${flagged.rule}`, {
                min: decimalText(REFERENCE_VALUE.min ?? 0, language),
                max: decimalText(REFERENCE_VALUE.max ?? 0, language),
              })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'direction',
      title: t('alarms.columns.direction'),
      width: 80,
      render: (_, row) => directionLabel(row.Orientacion, row.Direccion) ?? t('alarms.temperature'),
    },
    { key: 'condition', title: t('alarms.columns.condition'), width: 88, render: (_, row) => conditionName(row) },
    ...REFERENCE_FIELDS.map(valueColumn),
    ...(mixed ? [unitColumn<MachineAlarm>(t('alarms.columns.unit'), referenceUnit)] : []),
    // The chart, and for editors the edit (or, editing, save and cancel) buttons.
    buttonColumn('actions', t('alarms.columns.actions'), canEdit ? 96 : 48, (row) => (
      <Space size={4}>
        <RowButton label={t('precalc.modal.open')} type="text" icon={<LineChartOutlined />} onClick={() => setCharting(row)} />
        {canEdit &&
          (editing?.key === alarmKey(row) ? (
            <>
              <RowButton
                label={t('alarms.save')}
                type="primary"
                icon={<CheckOutlined />}
                disabled={refused !== null}
                loading={save.isPending}
                onClick={() => submit(row)}
              />
              <RowButton label={t('alarms.cancel')} icon={<CloseOutlined />} onClick={() => setEditing(undefined)} />
            </>
          ) : (
            <RowButton
              label={t('alarms.edit')}
              type="text"
              icon={<EditOutlined />}
              loading={opening === alarmKey(row)}
              onClick={() => startEditing(row)}
            />
          ))}
      </Space>
    )),
  ];

  return (
    <Card
      title={<EditorTitle icon={KIND_ICON.machine} kind={t('alarms.tab')} name={node.data.NombreEs} />}
      styles={{ header: { paddingBlock: 12 } }}
    >
      <Flex vertical gap={16}>
        {changed && editing?.key === alarmKey(changed) && (
          <ChangedAlert
            onLoad={async () => {
              startEditing(changed);
              await alarms.refetch();
            }}
          />
        )}
        <Typography.Text type="secondary">{t('alarms.help', { range: decimalRange(REFERENCE_VALUE, language) })}</Typography.Text>
        <Flex wrap gap={8}>
          <SearchInput label={t('alarms.search')} value={search} onChange={(v) => narrow(() => setSearch(v))} style={{ width: 320, maxWidth: '100%' }} />
          <Select
            allowClear
            placeholder={t('alarms.allConditions')}
            aria-label={t('alarms.columns.condition')}
            options={conditionOptions(rows)}
            value={condition}
            onChange={(v) => narrow(() => setCondition(v))}
            style={{ width: 240, maxWidth: '100%' }}
          />
          {/* What a history import names each series by: the import is the editors'. */}
          {canEdit && rows.length > 0 && (
            <Button icon={<DownloadOutlined />} title={t('alarms.series.help')} onClick={downloadSeries} style={{ marginInlineStart: 'auto' }}>
              {t('alarms.series.download')}
            </Button>
          )}
        </Flex>
        <Table<Line>
          size="small"
          rowKey={lineKey}
          columns={columns.map((column, i) => lineColumn(column, i === 0 ? columns.length : 0))}
          components={{ body: { row: LineRow } }}
          dataSource={lines}
          // Columns keep their widths (a long name is cut short, not the numbers); below this
          // width the list scrolls instead of squeezing the inputs of an edited row. At 1280 px
          // it fits its card (880 px): no button of the last column cut off. Its scroll bar stays
          // at the window's bottom, its header under the app's bar.
          tableLayout="fixed"
          scroll={{ x: 820 }}
          sticky={{ offsetHeader: 64 }}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={rows.length === 0 ? t('alarms.empty') : undefined} /> }}
        />
        <Pagination
          align="end"
          {...paging}
          total={shown.length}
          showSizeChanger
          hideOnSinglePage
          onChange={(current, pageSize) => setPaging({ current, pageSize })}
        />
      </Flex>
      {charting && (
        <AlarmModal key={alarmKey(charting)} machine={machine} subject={{ kind: 'vcv', row: charting }} onClose={() => setCharting(undefined)} />
      )}
    </Card>
  );
}
