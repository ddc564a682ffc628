import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Modal, Segmented, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TimeChart } from '../../../components/TimeChart';
import { timeTick } from '../../../components/TimeChartAxes';
import { currentLanguage } from '../../../i18n';
import { chartTime, chartValue } from '../../history/chartText';
import type { Equipment } from '../equipment/api';
import { equipmentLabel } from '../equipment/label';
import { sensorHistoryQuery, type SensorSeries } from './api';

/** The periods the history is read over, in days. */
export const HISTORY_DAYS = [7, 30, 90] as const;

/** The lines of each series: the answer's field each draws, and its colour. */
const LINES: Record<SensorSeries, { field: 'Valor' | 'X' | 'Y' | 'Z'; color: string }[]> = {
  battery: [{ field: 'Valor', color: '#52c41a' }],
  health: [{ field: 'Valor', color: '#1677ff' }],
  angles: [
    { field: 'X', color: '#f5222d' },
    { field: 'Y', color: '#52c41a' },
    { field: 'Z', color: '#1677ff' },
  ],
};

/** The series read in percent: their axis shows the whole scale, 0 to 100. */
export const PERCENT_RANGE: Partial<Record<SensorSeries, [number, number]>> = { battery: [0, 100], health: [0, 100] };
/** The least pixels between two dates on the axis: a short date ('24 nov') and room around it. */
const DATE_SPACE = 70;

/** One series of the sensor over the period: its chart, or why there is none. */
function SeriesChart({ sensor, series, days }: { sensor: Equipment; series: SensorSeries; days: number }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const query = useQuery(sensorHistoryQuery(sensor.ID, series, days));
  const title = t(`mems.history.${series}`);
  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (query.isError || query.data === false) body = <Alert type="warning" showIcon title={t('mems.history.failed')} />;
  else if (query.data.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mems.history.empty')} />;
  else {
    const readings = query.data;
    body = (
      <TimeChart
        times={readings.map((r) => Date.parse(r.Fecha) / 1000)}
        series={LINES[series].map((l) => ({
          label: l.field === 'Valor' ? title : l.field,
          color: l.color,
          values: readings.map((r) => (r[l.field] ?? 0) / 1000),
        }))}
        height={180}
        yRange={PERCENT_RANGE[series]}
        xTickSpace={DATE_SPACE}
        timeLabel={t('mems.history.time')}
        formatTime={(s) => chartTime(s, language)}
        formatTimeTick={(s, incr) => timeTick(s, incr, language)}
        formatValue={(v) => chartValue(v, language)}
        ariaLabel={title}
      />
    );
  }
  return (
    <section aria-label={title}>
      <Typography.Text strong>{title}</Typography.Text>
      {body}
    </section>
  );
}

/**
 * The history of a KOS Sensor (S3 §7.6): its battery, its health and its angles over the
 * last 7, 30 or 90 days. A series that cannot be read says so (INST-013: its query gives
 * false; a 401 signs the user out).
 */
export function SensorHistoryModal({ sensor, onClose }: { sensor: Equipment; onClose: () => void }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(HISTORY_DAYS[0]);
  return (
    <Modal open title={t('mems.history.title', { label: equipmentLabel(sensor) })} onCancel={onClose} footer={null} width={860}>
      <Flex vertical gap={16}>
        <Segmented<number>
          aria-label={t('mems.history.period')}
          value={days}
          onChange={setDays}
          options={HISTORY_DAYS.map((d) => ({ value: d, label: t('mems.history.days', { days: d }) }))}
        />
        {(Object.keys(LINES) as SensorSeries[]).map((series) => (
          <SeriesChart key={series} sensor={sensor} series={series} days={days} />
        ))}
      </Flex>
    </Modal>
  );
}
