import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Flex, Form, InputNumber, Modal, Select, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../app/useApiError';
import { TimeChart } from '../../components/TimeChart';
import { timeTick } from '../../components/TimeChartAxes';
import { currentLanguage } from '../../i18n';
import { localName } from '../../i18n/names';
import type { Unit } from '../../lib/units';
import { formatDateTime } from '../../lib/dates';
import { chartRange } from '../alarms/siteAlarms';
import { chartTime, chartValue } from './chartText';
import './vcoHistory.css';
import { useInterventions, useVcoMachines, useVcoValues } from './interventionsApi';
import {
  DEFAULT_PERIOD,
  PERIOD_MAX,
  PERIOD_UNITS,
  changeUnit,
  clampCount,
  conditionBands,
  conditionSpans,
  interventionMarks,
  periodOf,
  vcoSeries,
  type ConditionBand,
  type PeriodFilter,
  type VcoCondition,
} from './vcoHistory';

/** The VCO/VCOV whose history is shown: its id, its name, its conditions and the unit of its values. */
export interface HistoryTarget {
  id: number;
  name: string;
  conditions: readonly VcoCondition[];
  unit?: Unit;
}

/** A legend of the chart: a region titled `title` listing `items`, or saying `none` when there are none. */
function Legend({ title, none, items }: { title: string; none: string; items: ReactNode[] }) {
  return (
    <section aria-label={title}>
      <Typography.Text strong>{title}</Typography.Text>
      {items.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {none}
        </Typography.Paragraph>
      ) : (
        <ul className="vigia-history-legend">{items}</ul>
      )}
    </section>
  );
}

/**
 * The change history of a factory VCO/VCOV (VCO-020, VCO-021; S2 §2.8): its values on one
 * of the machines it is on, over the last days, months or years, with the times each of its
 * conditions held shaded and the machine's interventions as dated marks, each shown or hidden by a
 * switch (both shown at first). Everyone may look at it.
 */
export function VcoHistoryModal({ vco, onClose }: { vco: HistoryTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const machines = useVcoMachines(vco.id);
  const [chosen, setChosen] = useState<number>();
  const machine = chosen ?? machines.data?.[0]?.UsuMaquinaID;
  const [filter, setFilter] = useState<PeriodFilter>(DEFAULT_PERIOD);
  // The period is fixed when the filter changes, so that the query's key stays the same.
  const [period, setPeriod] = useState(() => periodOf(DEFAULT_PERIOD, new Date()));
  const [showConditions, setShowConditions] = useState(true);
  const [showInterventions, setShowInterventions] = useState(true);
  const values = useVcoValues(machine, vco.id, period);
  const interventions = useInterventions(machine ?? 0);

  const filterBy = (next: PeriodFilter) => {
    setFilter(next);
    setPeriod(periodOf(next, new Date()));
  };
  const n = (v: number) => chartValue(v, language);
  // A band's range as read: 'up to 10 rpm', '10 to 30 rpm', 'from 30 rpm'.
  const rangeText = (band: ConditionBand) => {
    const range =
      band.from === null
        ? t('vcoHistory.below', { max: n(band.to ?? 0) })
        : band.to === null
          ? t('vcoHistory.above', { min: n(band.from) })
          : t('vcoHistory.between', { min: n(band.from), max: n(band.to) });
    return vco.unit ? `${range} ${vco.unit}` : range;
  };
  const machineLabel = machines.data?.find((m) => m.UsuMaquinaID === machine);

  const series = useMemo(() => vcoSeries(values.data ?? []), [values.data]);
  const bands = useMemo(() => conditionBands(vco.conditions), [vco.conditions]);
  const spans = useMemo(() => conditionSpans(bands, series.times, series.values), [bands, series]);
  const marks = useMemo(() => interventionMarks(interventions.data ?? [], period), [interventions.data, period]);
  const xRange: [number, number] = [Math.floor(Date.parse(period.FechaInicio) / 1000), Math.floor(Date.parse(period.FechaFin) / 1000)];
  const bandItems = bands.map((b) => (
    <li key={b.label}>
      <span aria-hidden className="vigia-history-swatch" style={{ background: b.color }} />
      <span>
        {b.label} <Typography.Text type="secondary">({rangeText(b)})</Typography.Text>
      </span>
    </li>
  ));
  const markItems = marks.map((m) => (
    <li key={m.id}>
      <span aria-hidden className="vigia-history-mark" />
      <span>
        <Typography.Text type="secondary">{formatDateTime(m.date, language)}</Typography.Text> {m.text}
      </span>
    </li>
  ));

  const body = () => {
    if (machines.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (machines.isError) return <Alert type="error" showIcon title={describeError(t, machines.error)} />;
    if (machines.data.length === 0) return <Alert type="info" showIcon role="status" title={t('vcoHistory.noMachines')} />;
    return (
      <Flex vertical gap={12}>
        <Form layout="inline" component="div" className="vigia-vco-history-filters">
          <Form.Item label={t('vcoHistory.machine')}>
            <Select
              aria-label={t('vcoHistory.machine')}
              value={machine}
              onChange={setChosen}
              options={machines.data.map((m) => ({ value: m.UsuMaquinaID, label: localName(m, language) }))}
              style={{ width: 220 }}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
          <Form.Item label={t('vcoHistory.period')}>
            <Flex gap={6} align="center">
              <span>{t('vcoHistory.last')}</span>
              <InputNumber<number>
                aria-label={t('vcoHistory.count')}
                min={1}
                max={PERIOD_MAX[filter.unit]}
                precision={0}
                value={filter.count}
                onChange={(v) => v !== null && filterBy({ ...filter, count: clampCount(v, filter.unit) })}
                style={{ width: 80 }}
              />
              <Select
                aria-label={t('vcoHistory.unit')}
                value={filter.unit}
                onChange={(unit) => filterBy(changeUnit(filter, unit))}
                options={PERIOD_UNITS.map((u) => ({ value: u, label: t(`vcoHistory.units.${u}`, { count: filter.count }) }))}
                style={{ width: 110 }}
              />
            </Flex>
          </Form.Item>
          <Form.Item>
            <Flex gap={16} wrap>
              <label className="vigia-switch-label">
                <Switch size="small" checked={showConditions} onChange={setShowConditions} /> {t('vcoHistory.showConditions')}
              </label>
              <label className="vigia-switch-label">
                <Switch size="small" checked={showInterventions} onChange={setShowInterventions} /> {t('vcoHistory.showInterventions')}
              </label>
            </Flex>
          </Form.Item>
        </Form>
        <div
          className="vigia-vco-history-chart"
          data-bands={JSON.stringify(showConditions ? bands.map((b) => b.label) : [])}
          data-spans={showConditions ? spans.length : 0}
          data-marks={JSON.stringify(showInterventions ? marks.map((m) => m.time) : [])}
        >
          {values.isPending ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : values.isError ? (
            <Alert type="error" showIcon title={describeError(t, values.error)} />
          ) : series.times.length === 0 ? (
            <Empty description={t('vcoHistory.empty')} />
          ) : (
            <TimeChart
              times={series.times}
              series={[{ label: vco.name, color: '#1677ff', values: series.values, width: 1.5 }]}
              spans={showConditions ? spans : []}
              markers={showInterventions ? marks : []}
              xRange={xRange}
              // Room above the values for the marks' labels.
              yRange={chartRange(series.values, [], 0.15)}
              height={340}
              yLabel={vco.unit}
              timeLabel={t('vcoHistory.time')}
              formatTime={(s) => chartTime(s, language)}
              // One short date per tick: a full date and time beside each day would overlap.
              formatTimeTick={(s, incr) => timeTick(s, incr, language)}
              xTickSpace={70}
              formatValue={(v) => chartValue(v, language)}
              ariaLabel={t('vcoHistory.aria', { name: vco.name, machine: machineLabel ? localName(machineLabel, language) : '' })}
            />
          )}
        </div>
        {showConditions && <Legend title={t('vcoHistory.conditions')} none={t('vcoHistory.noConditions')} items={bandItems} />}
        {showInterventions && <Legend title={t('vcoHistory.interventions')} none={t('vcoHistory.noInterventions')} items={markItems} />}
      </Flex>
    );
  };

  return (
    <Modal
      open
      width={980}
      title={
        <Flex vertical gap={2}>
          <span>{t('vcoHistory.title')}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 13 }}>
            {vco.name}
          </Typography.Text>
        </Flex>
      }
      onCancel={onClose}
      destroyOnHidden
      closable={{ 'aria-label': t('vcoHistory.close') }}
      footer={<Button onClick={onClose}>{t('vcoHistory.close')}</Button>}
    >
      {body()}
    </Modal>
  );
}
