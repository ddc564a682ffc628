import { useMemo } from 'react';
import { DatePicker, Empty, Flex, Segmented, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT } from '../../app/dates';
import { TimeChart, type ChartLine } from '../../components/TimeChart';
import { tickDecimals } from '../../components/TimeChartAxes';
import { currentLanguage } from '../../i18n';
import { EditorLoadError } from '../tree/editors/NodeEditor';
import type { ChartData } from './api';
import {
  CHART_DATE_FORMAT,
  CHART_GRID_LINES,
  CHART_HEIGHT,
  PRESETS,
  dayPeriod,
  presetPeriod,
  xRange,
  yRange,
  zoomPeriod,
  type ChartPeriod,
} from './chart';
import { formatNumber } from '../../lib/decimal';
import { LEVEL_COLORS, LEVEL_FIELDS, LEVEL_WIDTH, type Three } from './levels';

/** The stored values' lines: thin, dashed, a shade darker than the levels being edited so that they show on white. */
const STORED_COLORS: Three<string> = ['#D4B106', '#D48806', '#A8071A'];

export interface AlarmChartProps {
  /** What the series is of (the VCV's or VCO's name). */
  name: string;
  yLabel: string;
  query: { data?: ChartData; isPending: boolean; isFetching: boolean; isError: boolean; error: unknown };
  /** The levels drawn (the last valid ones typed, ALRM-073). */
  levels: Three<number> | null;
  /** The values stored now, drawn dashed beside them. */
  stored: Three<number | null>;
  period: ChartPeriod;
  onPeriod: (p: ChartPeriod) => void;
}

/**
 * The alarm edit modal's chart (ALRM-057..ALRM-070): the series over the chosen period with the
 * three levels as horizontal lines, the stored values as dashed ones, a period picker and drag
 * to zoom.
 */
export function AlarmChart({ name, yLabel, query, levels, stored, period, onPeriod }: AlarmChartProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const data = query.data;

  const lines = useMemo<ChartLine[]>(() => {
    const out: ChartLine[] = [];
    LEVEL_FIELDS.forEach((field, i) => {
      const value = stored[i];
      if (value !== null) out.push({ label: t('precalc.modal.stored', { level: t(`precalc.levels.${field}`) }), color: STORED_COLORS[i], value, width: 1.5, dash: [6, 4] });
    });
    if (levels) LEVEL_FIELDS.forEach((field, i) => out.push({ label: t(`precalc.levels.${field}`), color: LEVEL_COLORS[i], value: levels[i], width: LEVEL_WIDTH }));
    return out;
  }, [levels, stored, t]);

  // The larger of the danger being edited and the stored one: both lines drawn, both in view.
  const dangers = [levels?.[2], stored[2]].filter((v): v is number => v != null);
  const danger = dangers.length > 0 ? Math.max(...dangers) : null;
  const picker = (
    <Flex wrap align="center" gap={8}>
      <Segmented
        size="small"
        aria-label={t('precalc.modal.range')}
        value={period.preset}
        options={PRESETS.map((p) => ({ value: p, label: t(`precalc.modal.presets.${p}`) }))}
        onChange={(p) => onPeriod(p === 'custom' ? { ...period, preset: 'custom' } : presetPeriod(p, dayjs()))}
      />
      {period.preset === 'custom' && (
        <DatePicker.RangePicker
          size="small"
          allowClear={false}
          format={DAY_FORMAT}
          aria-label={t('precalc.modal.range')}
          value={[dayjs(period.FechaInicio), dayjs(period.FechaFin)]}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(v) => v?.[0] && v[1] && onPeriod(dayPeriod(v[0], v[1]))}
        />
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('precalc.modal.zoomHelp')}
      </Typography.Text>
      {query.isFetching && <Spin size="small" />}
    </Flex>
  );

  let body;
  if (query.isError) body = <EditorLoadError error={query.error} />;
  else if (!data) body = <div style={{ height: CHART_HEIGHT }} />;
  else if (data.times.length === 0)
    body = (
      <Flex align="center" justify="center" style={{ height: CHART_HEIGHT }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('precalc.modal.noData')} />
      </Flex>
    );
  else
    body = (
      <TimeChart
        times={data.times}
        series={[{ label: data.condition ? `${name} · ${data.condition}` : name, color: '#1668dc', values: data.values, width: 1.5 }]}
        lines={lines}
        height={CHART_HEIGHT}
        yLabel={yLabel}
        yRange={yRange(data.values, danger)}
        xRange={xRange(data.times)}
        yGridLines={CHART_GRID_LINES}
        xTickSpace={120}
        timeLabel={t('precalc.modal.time')}
        formatTime={(s) => dayjs.unix(s).format(CHART_DATE_FORMAT)}
        formatValue={(v) => formatNumber(v, language)}
        // The grid lines divide the range in 12 (ALRM-067, ALRM-068), at odd values: their labels
        // carry no more decimals than their distance needs ('2,287' in English, not '2,286.653').
        formatValueTick={(v, step) => formatNumber(v, language, tickDecimals(step))}
        onZoom={(from, to) => onPeriod(zoomPeriod(from, to))}
        ariaLabel={t('precalc.modal.chart', { name })}
      />
    );

  return (
    <Flex vertical gap={8}>
      {picker}
      {body}
    </Flex>
  );
}
