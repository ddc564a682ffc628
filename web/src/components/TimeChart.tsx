import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { fitText, rightPadding, roundRange, tickStep, valueAxisSize } from './TimeChartAxes';
import { withGaps } from './timeChartData';

/** The legend's value where there is none (the cursor off the chart, a gap). */
const NO_VALUE = '—';

/** A line of values over time. */
export interface ChartSeries {
  label: string;
  color: string;
  /** One value per time (null: none). */
  values: (number | null)[];
  width?: number;
}

/** A horizontal line across the chart: a threshold. */
export interface ChartLine {
  label: string;
  color: string;
  value: number;
  width?: number;
  /** Dash pattern in CSS pixels (e.g. a stored value beside the one being edited); solid when absent. */
  dash?: number[];
}

/** A shaded stretch of time (while a condition held), from `from` to `to` in unix seconds. */
export interface ChartSpan {
  color: string;
  from: number;
  to: number;
}

/** A dated mark across the chart (an intervention). */
export interface ChartMarker {
  time: number;
  label: string;
}

export interface TimeChartProps {
  /** Times in unix seconds, ascending. */
  times: number[];
  series: ChartSeries[];
  lines?: ChartLine[];
  spans?: ChartSpan[];
  markers?: ChartMarker[];
  height: number;
  /** The y axis title (mm/s RMS...). */
  yLabel?: string;
  /** A fixed y range; by default it follows the values. */
  yRange?: [number, number];
  /** A fixed x range (unix seconds); by default it follows the times. */
  xRange?: [number, number];
  /** How many horizontal grid lines the y axis draws. */
  yGridLines?: number;
  /** The least CSS pixels between two time labels (long date formats need more); uPlot's default when absent. */
  xTickSpace?: number;
  /** The legend's name of the time (uPlot's English 'Time' when absent). */
  timeLabel?: string;
  /** How a time reads on the axis and in the legend. */
  formatTime: (seconds: number) => string;
  /** How a time reads on the axis, ticks `incr` seconds apart; formatTime when absent. */
  formatTimeTick?: (seconds: number, incr: number) => string;
  /** How a value reads in the legend and on the axis. */
  formatValue: (value: number) => string;
  /** How a value reads on the axis, ticks `step` apart; formatValue when absent. */
  formatValueTick?: (value: number, step: number) => string;
  /** Called with the range the user selected by dragging across the chart. */
  onZoom?: (from: number, to: number) => void;
  ariaLabel: string;
}

/**
 * A time chart on uPlot (ARCHITECTURE §2), drawn on a canvas that follows its container's
 * width: the series, the threshold lines, the shaded stretches of time and the dated marks. Dragging
 * across it selects a range (onZoom). What it shows is also written on its element for tests
 * and tools: the lines' values and vertical pixels (`data-lines`), the points drawn
 * (`data-points`) and how long the last paint took (`data-paint-ms`).
 */
export function TimeChart(props: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  // The hooks read the props of the last render.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  const { height, yLabel, yGridLines, xTickSpace, series, formatValue } = props;
  const shape = `${series.map((s) => `${s.label}|${s.color}|${s.width ?? 2}`).join(';')}|${height}|${yLabel}|${yGridLines}|${xTickSpace}|${props.timeLabel}`;

  // The chart is made again when its shape changes (series, height, axis); its data and
  // lines change in place.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // The last time label laid out, which the right padding makes room for.
    let lastTime = '';
    const opts: Options = {
      width: el.clientWidth || 600,
      height,
      legend: { show: true },
      cursor: { drag: { x: true, y: false, setScale: false } },
      scales: {
        x: { time: true, range: (_u, min, max) => latest.current.xRange ?? [min, max] },
        y: { range: (_u, min, max) => latest.current.yRange ?? roundRange(min, max) },
      },
      // Room on the right for the last time label, centred on its tick.
      padding: [null, (u) => rightPadding(measure(u, 0, lastTime)), null, null],
      axes: [
        {
          values: (_u, ticks, _axis, _space, incr) => {
            const labels = ticks.map((t) => (latest.current.formatTimeTick ?? latest.current.formatTime)(t, incr));
            lastTime = labels[labels.length - 1] ?? '';
            return labels;
          },
          stroke: '#595959',
          grid: { stroke: '#f0f0f0' },
          ...(xTickSpace !== undefined && { space: xTickSpace }),
        },
        {
          // Fitted to the plot's height, which a long title (a VCV's name) overran at both ends.
          label: yLabel && ((u) => fitText(yLabel, u.bbox.height / uPlot.pxRatio, (text) => measure(u, 1, text, 'labelFont'))),
          stroke: '#595959',
          // As wide as its labels: the title beside them never covers them.
          size: (u, values) => valueAxisSize(values ?? [], (text) => measure(u, 1, text)),
          grid: { stroke: '#f0f0f0' },
          splits: yGridLines
            ? (u) => {
                const [min, max] = [u.scales.y.min ?? 0, u.scales.y.max ?? 1];
                return Array.from({ length: yGridLines + 1 }, (_, i) => min + ((max - min) * i) / yGridLines);
              }
            : undefined,
          values: (_u, ticks) => {
            const format = latest.current.formatValueTick;
            return ticks.map((t) => (format ? format(t, tickStep(ticks)) : latest.current.formatValue(t)));
          },
        },
      ],
      series: [
        // The legend reads the value under the cursor; a dash until the cursor is over the chart.
        { ...(props.timeLabel !== undefined && { label: props.timeLabel }), value: (_u, v) => (v == null ? NO_VALUE : latest.current.formatTime(v)) },
        ...series.map((s) => ({ label: s.label, stroke: s.color, width: s.width ?? 2, spanGaps: false, value: (_u: uPlot, v: number | null) => (v == null ? NO_VALUE : formatValue(v)) })),
      ],
      hooks: {
        drawClear: [(u) => drawSpans(u, latest.current.spans ?? [])],
        draw: [(u) => drawOverlays(u, latest.current.lines ?? [], latest.current.markers ?? [], latest.current.formatTime)],
        setSelect: [
          (u) => {
            if (u.select.width < 4) return;
            const from = u.posToVal(u.select.left, 'x');
            const to = u.posToVal(u.select.left + u.select.width, 'x');
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            latest.current.onZoom?.(Math.round(from), Math.round(to));
          },
        ],
      },
    };
    const u = new uPlot(opts, toData(latest.current), el);
    chart.current = u;
    const resize = new ResizeObserver(() => u.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      chart.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- made again only when its shape changes
  }, [shape]);

  // New data, ranges, lines, stretches or marks: drawn again in place, the paint timed.
  useEffect(() => {
    const u = chart.current;
    const el = box.current;
    if (!u || !el) return;
    const start = performance.now();
    // In a batch uPlot draws at once rather than in a microtask: the time measured is the
    // paint's, and the lines' pixels below are those of the scales just drawn.
    u.batch(() => {
      u.setData(toData(props), true);
      u.redraw(false, true);
    });
    el.dataset.paintMs = (performance.now() - start).toFixed(1);
    el.dataset.points = String(props.times.length);
    el.dataset.lines = JSON.stringify((props.lines ?? []).map((l) => ({ label: l.label, value: l.value, y: Math.round(u.valToPos(l.value, 'y')) })));
  });

  return (
    <div>
      <div ref={box} className="vigia-time-chart" role="img" aria-label={props.ariaLabel} data-y-label={yLabel} style={{ width: '100%', minHeight: height }} />
      <LinesLegend lines={props.lines ?? []} />
    </div>
  );
}

/** What each horizontal line is: its stroke (solid or dashed) and its name, under the chart. */
function LinesLegend({ lines }: { lines: ChartLine[] }) {
  if (lines.length === 0) return null;
  return (
    <ul className="vigia-chart-lines" style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '4px 16px', listStyle: 'none', margin: 0, padding: 0, fontSize: 12 }}>
      {lines.map((l) => (
        <li key={l.label} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <svg width="28" height="8" aria-hidden="true">
            <line x1="0" y1="4" x2="28" y2="4" stroke={l.color} strokeWidth={l.width ?? 3} strokeDasharray={l.dash?.join(' ')} />
          </svg>
          {l.label}
        </li>
      ))}
    </ul>
  );
}

/** The width of a text in an axis' font (its tick labels'; `labelFont`: its title's), in CSS pixels. */
function measure(u: uPlot, axis: number, text: string, which: 'font' | 'labelFont' = 'font'): number {
  const font = u.axes[axis][which] as unknown as [string, number] | undefined;
  if (!font?.[0] || !text) return 0;
  u.ctx.save();
  u.ctx.font = font[0];
  const width = u.ctx.measureText(text).width / uPlot.pxRatio;
  u.ctx.restore();
  return width;
}

function toData(p: TimeChartProps): AlignedData {
  return withGaps(p.times, p.series.map((s) => s.values));
}

/** Shades the stretches of time over the plot's height (under the series). */
function drawSpans(u: uPlot, spans: ChartSpan[]) {
  const { ctx, bbox } = u;
  ctx.save();
  for (const s of spans) {
    const x0 = Math.max(bbox.left, u.valToPos(s.from, 'x', true));
    const x1 = Math.min(bbox.left + bbox.width, u.valToPos(s.to, 'x', true));
    if (x1 <= x0) continue;
    ctx.fillStyle = s.color;
    ctx.fillRect(x0, bbox.top, x1 - x0, bbox.height);
  }
  ctx.restore();
}

/** Draws the threshold lines and the dated marks over the series. */
function drawOverlays(u: uPlot, lines: ChartLine[], markers: ChartMarker[], formatTime: (s: number) => string) {
  const { ctx, bbox } = u;
  const dpr = window.devicePixelRatio || 1;
  ctx.save();
  for (const l of lines) {
    const y = Math.round(u.valToPos(l.value, 'y', true));
    if (y < bbox.top || y > bbox.top + bbox.height) continue;
    ctx.strokeStyle = l.color;
    ctx.lineWidth = (l.width ?? 3) * dpr;
    ctx.setLineDash((l.dash ?? []).map((d) => d * dpr));
    ctx.beginPath();
    ctx.moveTo(bbox.left, y);
    ctx.lineTo(bbox.left + bbox.width, y);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.font = `${11 * dpr}px sans-serif`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  for (const m of markers) {
    const x = Math.round(u.valToPos(m.time, 'x', true));
    if (x < bbox.left || x > bbox.left + bbox.width) continue;
    ctx.strokeStyle = '#722ed1';
    ctx.lineWidth = dpr;
    ctx.setLineDash([4 * dpr, 3 * dpr]);
    ctx.beginPath();
    ctx.moveTo(x, bbox.top);
    ctx.lineTo(x, bbox.top + bbox.height);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = '#722ed1';
    ctx.fillText(`${m.label} · ${formatTime(m.time)}`, x + 4 * dpr, bbox.top + 12 * dpr);
  }
  ctx.restore();
}
