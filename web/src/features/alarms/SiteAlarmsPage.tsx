import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Empty, Flex, Form, Grid, Result, Select, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { formatThousandths } from '../../lib/decimal';
import { conditionName, referenceUnit } from '../assoc/machineAlarms';
import { EditorLoadError, EditorLoading, EditorTitle, useTabNode } from '../tree/editors/NodeEditor';
import { KIND_ICON } from '../tree/icons';
import { AlarmModal } from './AlarmModal';
import { headerWidth } from './columnWidth';
import { LevelLabel } from './LevelLabel';
import { useSiteAlarms, useSiteMachines } from './siteAlarmsApi';
import {
  PAGE_SIZE,
  STATE_COLORS,
  THRESHOLD_LEVEL,
  chooseArea,
  directionText,
  filterOfSearch,
  isFiltered,
  machineOptions,
  readableText,
  seriesKey,
  stateCounts,
  toggleState,
  withUnit,
  type AlarmFilter,
  type AlarmState,
  type SeriesState,
  type ThresholdField,
} from './siteAlarms';
import './siteAlarms.css';

/** A state's tag, in its colour with a text that reads on it. */
function StateTag({ state }: { state: AlarmState }) {
  const { t } = useTranslation();
  const background = STATE_COLORS[state];
  return (
    <Tag variant="filled" style={{ background, color: readableText(background), marginInlineEnd: 0, fontWeight: 500 }}>
      {t(`siteAlarms.states.${state}`)}
    </Tag>
  );
}

/**
 * The counts per state, each a button that filters the list by its state (pressed: the chosen
 * one). Until the first answer they show a dash, not a zero that would read as "no alarms".
 */
function StateCounts({ totals, chosen, onChoose }: { totals: Record<string, number> | undefined; chosen?: AlarmState; onChoose: (s?: AlarmState) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const counts = stateCounts(totals);
  const all = counts.reduce((sum, c) => sum + c.count, 0);
  const tile = (key: string, label: string, count: number, background: string, pressed: boolean, state?: AlarmState) => (
    <button
      key={key}
      type="button"
      className="vigia-state-count"
      aria-pressed={pressed}
      aria-label={totals ? `${label}: ${count.toLocaleString(language)}` : label}
      onClick={() => onChoose(state)}
      style={{ background, color: readableText(background) }}
    >
      <span className="vigia-state-count-value">{totals ? count.toLocaleString(language) : '–'}</span>
      <span className="vigia-state-count-label">{label}</span>
    </button>
  );
  return (
    <div className="vigia-state-counts" role="group" aria-label={t('siteAlarms.counts')}>
      {tile('all', t('siteAlarms.allStates'), all, '#FFFFFF', chosen === undefined)}
      {counts.map(({ state, count }) => tile(state, t(`siteAlarms.states.${state}`), count, STATE_COLORS[state], chosen === state, state))}
    </div>
  );
}

/**
 * The site wrapper's 'alarms' tab (S1 §2): every series of the site's machines — an
 * associated VCV or VCP in a direction and a condition — with its last value against its
 * thresholds, worst first, a page of 50 at a time from the server. The counts per state on
 * top filter by state (the URL's `estado` chooses the first); selects narrow to an area and a
 * machine. A row opens its chart.
 * Read-only users see everything (nothing here changes anything).
 */
export default function SiteAlarmsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { id: site, node } = useTabNode('site', t('siteAlarms.tab'));
  const [search] = useSearchParams();
  const [filter, setFilter] = useState<AlarmFilter>(() => filterOfSearch(search));
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<SeriesState>();
  const alarms = useSiteAlarms(site, filter, page);
  const { areas, machinesOf } = useSiteMachines(site);
  const screens = Grid.useBreakpoint();

  if (site === 0) return <Result status="info" title={t('tree.editor.notSelected')} />;
  if (node.isPending) return <EditorLoading />;
  if (node.isError) return <EditorLoadError error={node.error} />;

  const narrow = (next: AlarmFilter) => {
    setFilter(next);
    setPage(1);
  };

  const threshold = (field: ThresholdField, key: string): TableColumnsType<SeriesState>[number] => ({
    key,
    title: <LevelLabel level={THRESHOLD_LEVEL[field]}>{t(`siteAlarms.thresholds.${field}`)}</LevelLabel>,
    align: 'right',
    // Its header whole (the marker, its name and the padding: 'Avertissement' in French), its numbers at least.
    width: headerWidth(t(`siteAlarms.thresholds.${field}`), 80, 34),
    // In the last value's unit, which that column writes.
    render: (_, row) => <span className="vigia-nowrap">{formatThousandths(row[field], language)}</span>,
  });

  const chartButton = (row: SeriesState) => (
    <Button
      type="text"
      size="small"
      icon={<LineChartOutlined />}
      aria-label={t('siteAlarms.openChart')}
      title={t('siteAlarms.openChart')}
      onClick={(e) => {
        e.stopPropagation();
        setOpen(row);
      }}
      style={{ flex: 'none' }}
    />
  );
  // A header over two lines, as its cells: what the first line holds, then the second's.
  const twoLines = (first: string, second: string) => (
    <Flex vertical>
      <span>{first}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
        {second}
      </Typography.Text>
    </Flex>
  );
  // A name whole, wrapped at its spaces within its column (a word longer than the column anywhere).
  const wrapped = (text: string, secondary = false) => (
    <Typography.Text type={secondary ? 'secondary' : undefined} style={{ overflowWrap: 'anywhere', ...(secondary ? { fontSize: 12 } : {}) }}>
      {text}
    </Typography.Text>
  );

  // The state first and the names combined, so that at 1280 px the whole row fits the card
  // without scrolling sideways: what the tab is for is seen first, not off to the right.
  const columns: TableColumnsType<SeriesState> = [
    { key: 'state', title: t('siteAlarms.columns.state'), width: 108, render: (_, row) => <StateTag state={row.Estado} /> },
    {
      key: 'machine',
      title: twoLines(t('siteAlarms.columns.machine'), `${t('siteAlarms.columns.component')} · ${t('siteAlarms.columns.point')}`),
      // Wider in a wide window, so that its names keep to a line as the VCV's do.
      width: screens.xxl ? 260 : 152,
      render: (_, row) => (
        <Flex vertical>
          {wrapped(row.MaquinaNombre)}
          {wrapped(`${row.ComponenteNombre} · ${row.PuntoNombre}`, true)}
        </Flex>
      ),
    },
    {
      key: 'item',
      title: twoLines(t('siteAlarms.columns.item'), `${t('siteAlarms.columns.directionShort')} · ${t('siteAlarms.columns.condition')}`),
      // The series: its VCV or VCP with the button of its chart, then its direction and condition.
      render: (_, row) => (
        <Flex vertical align="start" style={{ minWidth: 0 }}>
          <Flex align="center" gap={4} style={{ maxWidth: '100%' }}>
            {wrapped(row.VcvNombre)}
            {chartButton(row)}
          </Flex>
          <Flex align="center" gap={6} style={{ maxWidth: '100%' }}>
            {wrapped(`${directionText(row) ?? t('siteAlarms.temperature')} · ${conditionName(row)}`, true)}
            <Tag variant="filled" color={row.Tipo === 'MPVP' ? 'purple' : 'blue'} style={{ marginInlineEnd: 0, flex: 'none', fontSize: 11, lineHeight: '18px', paddingInline: 5 }}>
              {t(`siteAlarms.kinds.${row.Tipo}`)}
            </Tag>
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'value',
      title: t('siteAlarms.columns.value'),
      align: 'right',
      width: 124,
      render: (_, row) =>
        row.Valor === null ? (
          <Typography.Text type="secondary">{t('siteAlarms.noValue')}</Typography.Text>
        ) : (
          <Flex vertical>
            <span className="vigia-nowrap" style={{ fontWeight: 500 }}>
              {withUnit(row.Valor, referenceUnit(row), language)}
            </span>
            <Typography.Text type="secondary" className="vigia-nowrap" style={{ fontSize: 12 }}>
              {formatDateTime(row.Fecha, language)}
            </Typography.Text>
          </Flex>
        ),
    },
    threshold('VrAviso', 'warning'),
    threshold('VrAlarma', 'alarm'),
    threshold('VrPeligro', 'danger'),
  ];

  const data = alarms.data;
  const areaMachines = (area: number) => machinesOf(area);
  return (
    <Card title={<EditorTitle icon={KIND_ICON.site} kind={t('siteAlarms.tab')} name={node.data.NombreEs} />} styles={{ header: { paddingBlock: 12 } }}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('siteAlarms.help')}</Typography.Text>
        <StateCounts totals={data?.Totales} chosen={filter.state} onChoose={(s) => narrow(toggleState(filter, s))} />
        <Form layout="inline" component="div" className="vigia-alarm-filters">
          <Form.Item label={t('siteAlarms.area')}>
            <Select
              allowClear
              aria-label={t('siteAlarms.area')}
              placeholder={t('siteAlarms.allAreas')}
              options={areas.map((a) => ({ value: a.ID, label: a.Nombre }))}
              value={filter.area}
              onChange={(area?: number) => narrow(chooseArea(filter, area, areaMachines))}
              style={{ width: 220 }}
            />
          </Form.Item>
          <Form.Item label={t('siteAlarms.machine')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('siteAlarms.machine')}
              placeholder={t('siteAlarms.allMachines')}
              options={machineOptions(areas, areaMachines, filter.area)}
              value={filter.machine}
              onChange={(machine?: number) => narrow({ ...filter, machine })}
              style={{ width: 240 }}
            />
          </Form.Item>
        </Form>
        {alarms.isError ? (
          <EditorLoadError error={alarms.error} />
        ) : (
          <Table<SeriesState>
            size="small"
            rowKey={seriesKey}
            columns={columns}
            dataSource={data?.Filas ?? []}
            loading={alarms.isFetching}
            // Fixed widths, long names wrapped; below 840 px (narrow windows) the table scrolls,
            // its scroll bar kept at the window's bottom and its header under the app's bar, so
            // that the thresholds are in reach without going down to the last line.
            tableLayout="fixed"
            scroll={{ x: 840 }}
            sticky={{ offsetHeader: 64 }}
            onRow={(row) => ({ onClick: () => setOpen(row), className: 'vigia-clickable-row' })}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: data?.Total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (total, [from, to]) => t('siteAlarms.range', { from, to, total: total.toLocaleString(language) }),
              onChange: setPage,
            }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(isFiltered(filter) ? 'siteAlarms.empty' : 'siteAlarms.none')} /> }}
          />
        )}
      </Flex>
      {open && <AlarmModal machine={open.UsuMaquinaId} subject={{ kind: 'vcv', row: open }} onClose={() => setOpen(undefined)} />}
    </Card>
  );
}
