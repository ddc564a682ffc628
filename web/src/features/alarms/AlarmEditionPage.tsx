import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Checkbox, ConfigProvider, DatePicker, Empty, Flex, Form, Input, Result, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CalculatorOutlined, DeleteOutlined, LineChartOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT } from '../../app/dates';
import { DecimalInput } from '../../components/DecimalInput';
import { currentLanguage } from '../../i18n';
import { localName } from '../../i18n/names';
import { unitsOf } from '../../lib/units';
import { conditionName, conditionOptions, directionLabel, referenceUnit, unitColumn } from '../assoc/machineAlarms';
import { useCalculations } from '../tree/api';
import { EditorLoadError, EditorLoading, EditorTitle, useCanEdit, useTabNode } from '../tree/editors/NodeEditor';
import { useFeedback } from '../tree/feedback';
import { KIND_ICON } from '../tree/icons';
import { AlarmModal } from './AlarmModal';
import { headerWidth } from './columnWidth';
import { lineAlarm, usePrecalcLists, usePrecalculate, useSaveLevels, useSaveTemplate, type PrecalcComponent } from './api';
import { thousandthsText } from '../../lib/decimal';
import { LEVEL_FIELDS, refusedLevel, type LevelField, type LevelTexts } from './levels';
import { Pager } from './Pager';
import {
  METHODS,
  NO_FILTER,
  PAGE_SIZE,
  afterSave,
  current,
  defaultForm,
  initialLines,
  lineChanged,
  linesToSave,
  pageCount,
  pointFilters,
  precalcRequest,
  refusedLines,
  savedLevels,
  shownLines,
  textsOf,
  unsavedLines,
  type Line,
  type LineFilter,
  type PrecalcForm,
  type PrecalcProblem,
} from './precalc';
import { useLeaveGuard } from '../../components/useLeaveGuard';

const DAY = 'YYYY-MM-DD';
const COLUMN_OF: Record<LevelField, 'warning' | 'alarm' | 'danger'> = { Aviso: 'warning', Alarma: 'alarm', Peligro: 'danger' };
/** The results' VCV column at its narrowest: 'Envolvente global' on a line, then the rest with the chart button. */
const VCV_WIDTH = 128;

/** A column of the form: a title and its fields, in a light box, `flex` of the row's width. */
function Column({ title, flex, children }: { title: string; flex: string; children: ReactNode }) {
  return (
    <section style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 16, minWidth: 0, flex }} aria-label={title}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** A text with its standard ('ISO 20816-3') on one line: broken after the hyphen, it reads as two numbers. */
function keepStandard(text: string): ReactNode {
  const [before, standard, after] = text.split(/(ISO [\d-]+)/);
  return standard ? (
    <>
      {before}
      <span className="vigia-nowrap">{standard}</span>
      {after}
    </>
  ) : (
    text
  );
}

/** What the last precalculation gave: its lines, or why it has none. */
interface Outcome {
  criterio: boolean;
  datos: boolean;
  lines: Line[];
  /** The periods it was made on: the modal's chart starts from them. */
  period: { FechaInicio: string; FechaFin: string };
}

/** A problem of the form in the user's words. */
function problemText(t: TFunction, p: PrecalcProblem): string {
  switch (p.kind) {
    case 'noStart':
    case 'noEnd':
    case 'badRange':
      return t(`precalc.problems.${p.kind}`, { n: p.period + 1 });
    case 'badChange':
    case 'badToChange':
      return t(`precalc.problems.${p.kind}`, { level: t(`precalc.levels.${p.field}`).toLocaleLowerCase() });
    case 'changeBelow':
    case 'toChangeBelow': {
      const below = LEVEL_FIELDS[LEVEL_FIELDS.indexOf(p.field) - 1];
      return t(`precalc.problems.${p.kind}`, { level: t(`precalc.levels.${p.field}`).toLocaleLowerCase(), below: t(`precalc.levels.${below}`).toLocaleLowerCase() });
    }
    default:
      return t(`precalc.problems.${p.kind}`);
  }
}

/** The components with their checkbox (ALRM-002) and their calculation template (ALRM-003, ALRM-030). */
function ComponentList({
  machine,
  components,
  excluded,
  onExclude,
  readOnly,
}: {
  machine: number;
  components: PrecalcComponent[];
  excluded: number[];
  onExclude: (ids: number[]) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const feedback = useFeedback();
  const calculations = useCalculations();
  const saveTemplate = useSaveTemplate(machine);
  if (components.length === 0) return <Typography.Text type="secondary">{t('precalc.noComponents')}</Typography.Text>;
  return (
    <Flex vertical gap={12}>
      {components.map((c) => (
        <Flex key={c.UsuComponenteID} vertical gap={4}>
          <Checkbox
            checked={!excluded.includes(c.UsuComponenteID)}
            onChange={(e) => onExclude(e.target.checked ? excluded.filter((id) => id !== c.UsuComponenteID) : [...excluded, c.UsuComponenteID])}
          >
            {c.NombreEs}
          </Checkbox>
          <Select
            size="small"
            allowClear
            disabled={readOnly}
            aria-label={t('precalc.template', { name: c.NombreEs })}
            placeholder={t('precalc.noTemplate')}
            loading={calculations.isPending || (saveTemplate.isPending && saveTemplate.variables?.component === c.UsuComponenteID)}
            // Controlled even when empty: a template that failed to save is not left shown.
            value={c.UsuCalculoVr?.UsuCalculoVrID ?? null}
            options={(calculations.data ?? []).map((k) => ({ value: k.UsuCalculoVrID, label: localName(k, language) }))}
            // The column is narrow: the list is as wide as its longest name, each shown whole.
            popupMatchSelectWidth={false}
            onChange={(template?: number) =>
              saveTemplate.mutate(
                { component: c.UsuComponenteID, template: template ?? null },
                {
                  onSuccess: () => feedback.success(t('precalc.templateSaved')),
                  onError: (error) => feedback.error(t('precalc.templateFailed'), error),
                },
              )
            }
          />
        </Flex>
      ))}
    </Flex>
  );
}

/**
 * The machine's alarm precalculation, 'Edición de alarmas MEMS' (/editor/machine/alarm-edition,
 * ALRM-001..ALRM-035): components, conditions and periods to precalculate from and the
 * method's thresholds; the proposals, one line per reference row and direction, filtered,
 * paged, edited in place or in the alarm edit modal, and saved where checked and shown.
 */
export default function AlarmEditionPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const feedback = useFeedback();
  const canEdit = useCanEdit();
  const { id: machine, node } = useTabNode('machine', t('precalc.title'));
  const lists = usePrecalcLists(machine);
  const precalculate = usePrecalculate(machine);
  const saveLevels = useSaveLevels(machine);

  const [form, setForm] = useState<Omit<PrecalcForm, 'components'>>(() => defaultForm([], dayjs(), language));
  const [excluded, setExcluded] = useState<number[]>([]);
  const [problem, setProblem] = useState<PrecalcProblem>();
  const [result, setResult] = useState<Outcome>();
  const [filter, setFilter] = useState<LineFilter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string>();

  const conditions = useMemo(() => (lists.data?.Condiciones ?? []).map((c) => ({ value: c.CondicionID, label: c.CondicionNombre })), [lists.data]);
  const lines = useMemo(() => result?.lines ?? [], [result]);
  const shown = useMemo(() => shownLines(lines, filter), [lines, filter]);
  const pages = pageCount(shown.length);
  const shownPage = Math.min(page, pages);
  const pageLines = shown.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE);
  const toSave = linesToSave(shown);
  const refused = refusedLines(toSave);
  // A precalculation's proposals, and the values typed over them, are lost on leaving unsaved.
  useLeaveGuard(canEdit && unsavedLines(lines) && !saveLevels.isPending);

  if (machine === 0) return <Result status="info" title={t('tree.editor.notSelected')} />;
  // ALRM-016: the screen is ready once the machine and its lists are.
  if (node.isPending || lists.isPending) return <EditorLoading />;
  if (node.isError || lists.isError) return <EditorLoadError error={node.error ?? lists.error} />;

  const componentIds = lists.data.Componentes.map((c) => c.UsuComponenteID);
  const set = (patch: Partial<PrecalcForm>) => {
    setForm({ ...form, ...patch });
    setProblem(undefined);
  };
  const updateLines = (update: (l: Line) => Line) => result && setResult({ ...result, lines: result.lines.map(update) });
  const setLine = (key: string, patch: Partial<Line>) => updateLines((l) => (l.key === key ? { ...l, ...patch } : l));

  const run = () => {
    setProblem(undefined);
    // ALRM-024: without a criterion nothing is asked.
    if (node.data.CriterioId === null || node.data.CriterioId === undefined) {
      setResult({ criterio: false, datos: false, lines: [], period: { FechaInicio: '', FechaFin: '' } });
      return;
    }
    const request = precalcRequest({ ...form, components: componentIds.filter((id) => !excluded.includes(id)) });
    if ('problem' in request) {
      setProblem(request.problem);
      return;
    }
    const starts = form.periods.map((p) => p.start ?? '').sort();
    const ends = form.periods.map((p) => p.end ?? '').sort();
    precalculate.mutate(request.body, {
      onSuccess: (answer) => {
        setResult({
          criterio: answer.Criterio,
          datos: answer.Datos,
          lines: answer.Criterio && answer.Datos ? initialLines(answer.Lineas ?? [], language) : [],
          period: { FechaInicio: starts[0], FechaFin: ends[ends.length - 1] },
        });
        setFilter(NO_FILTER);
        setPage(1);
      },
      onError: (error) => feedback.error(t('precalc.failed'), error),
    });
  };

  const save = () => {
    const levels = savedLevels(toSave);
    saveLevels.mutate(levels, {
      onSuccess: () => {
        if (result) setResult({ ...result, lines: afterSave(result.lines, levels) });
        feedback.success(t('precalc.saved'));
      },
      onError: (error) => feedback.error(t('precalc.saveFailed'), error),
    });
  };

  const lineName = (l: Line) => `${l.line.PuntoNombre} · ${l.line.VcvNombre} · ${directionLabel(l.line.Orientacion, l.line.Direccion) ?? t('precalc.temperature')} · ${conditionName(l.line)}`;
  // The unit goes in the level headers when every line has the same, else in a column of its own
  // beside the levels, as in the machine's alert list: a unit in each field would widen the three.
  const { shared, mixed } = unitsOf(lines.map((l) => referenceUnit(l.line)));
  const levelColumn = (field: LevelField, i: number): TableColumnsType<Line>[number] => ({
    key: field,
    title: (
      <Flex vertical>
        <span>{t(`precalc.columns.${COLUMN_OF[field]}`)}</span>
        {shared && (
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
            {shared}
          </Typography.Text>
        )}
      </Flex>
    ),
    // Its header whole ('Avertissement' in French) and its field.
    width: headerWidth(t(`precalc.columns.${COLUMN_OF[field]}`), 80, 12),
    render: (_, l) => {
      const now = current(l.line)[i];
      const invalid = l.checked && refusedLevel(l.texts) === field;
      return (
        <Flex vertical gap={2}>
          {canEdit ? (
            <DecimalInput
              size="small"
              aria-label={`${t(`precalc.columns.${COLUMN_OF[field]}`)} · ${lineName(l)}`}
              value={l.texts[i]}
              status={invalid ? 'error' : undefined}
              onChange={(e) => {
                const texts = [...l.texts] as [string, string, string];
                texts[i] = e.target.value;
                setLine(l.key, { texts });
              }}
              style={{ textAlign: 'right' }}
            />
          ) : (
            <span>{l.texts[i]}</span>
          )}
          {invalid && (
            <Typography.Text type="danger" style={{ fontSize: 12, lineHeight: 1.3 }}>
              {t('precalc.invalid')}
            </Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12, lineHeight: 1.3 }}>
            {now === null ? t('precalc.noCurrent') : t('precalc.current', { value: thousandthsText(now, language) })}
          </Typography.Text>
        </Flex>
      );
    },
  });

  const allChecked = shown.length > 0 && shown.every((l) => l.checked);
  const someChecked = shown.some((l) => l.checked);
  const shownKeys = new Set(shown.map((l) => l.key));
  const columns: TableColumnsType<Line> = [
    { key: 'component', title: t('precalc.columns.component'), render: (_, l) => l.line.ComponenteNombre, width: 100 },
    {
      key: 'point',
      title: t('precalc.columns.point'),
      render: (_, l) => l.line.PuntoNombre,
      width: 80,
      filters: pointFilters(lists.data),
      filterMode: 'tree',
      filterSearch: true,
      filteredValue: filter.points,
    },
    {
      key: 'vcv',
      title: t('precalc.columns.vcv'),
      render: (_, l) => (
        <Flex vertical gap={4} align="start">
          {/* The chart button follows the name's last word, not beside the whole name: it takes no line width of its own. */}
          <span>
            {l.line.VcvNombre}{' '}
            <Button
              size="small"
              type="text"
              icon={<LineChartOutlined />}
              aria-label={t('precalc.openLine', { name: lineName(l) })}
              title={t('precalc.modal.open')}
              onClick={() => setEditing(l.key)}
            />
          </span>
          <Flex wrap gap={4}>
            {l.line.Tipo !== 'MPV' && (
              <Tag variant="filled" color="purple" style={{ marginInlineEnd: 0 }}>
                {t(`precalc.kinds.${l.line.Tipo}`)}
              </Tag>
            )}
            {l.line.Insuficiente && (
              <Tooltip title={t('precalc.insufficientHelp')}>
                <Tag color="warning" style={{ marginInlineEnd: 0 }}>
                  {t('precalc.insufficient')}
                </Tag>
              </Tooltip>
            )}
            {lineChanged(l) && (
              <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                {t('precalc.changed')}
              </Tag>
            )}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12, lineHeight: 1.3 }}>
            {t('precalc.basis', { count: l.line.Muestras, values: l.line.Muestras.toLocaleString(language), base: thousandthsText(l.line.Base, language) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'direction',
      title: t('precalc.columns.direction'),
      width: 76,
      render: (_, l) => directionLabel(l.line.Orientacion, l.line.Direccion) ?? t('precalc.temperature'),
    },
    {
      key: 'condition',
      title: t('precalc.columns.condition'),
      // Its header whole beside the filter icon.
      width: headerWidth(t('precalc.columns.condition'), 104, 44),
      render: (_, l) => conditionName(l.line),
      filters: conditionOptions(lines.map((l) => l.line)).map(({ value, label }) => ({ value, text: label })),
      filterMode: 'tree',
      filteredValue: filter.conditions,
    },
    ...LEVEL_FIELDS.map(levelColumn),
    ...(mixed ? [unitColumn(t('precalc.columns.unit'), (l: Line) => referenceUnit(l.line))] : []),
    {
      key: 'exceedances',
      title: (
        <Tooltip title={t('precalc.exceedancesHelp')}>
          <span style={{ textDecoration: 'underline dotted' }}>{t('precalc.columns.exceedances')}</span>
        </Tooltip>
      ),
      width: headerWidth(t('precalc.columns.exceedances'), 72, 12),
      align: 'right',
      render: (_, l) => (
        <Flex vertical gap={2} align="end">
          <span style={{ whiteSpace: 'nowrap' }}>{[l.line.Excesos.Aviso, l.line.Excesos.Alarma, l.line.Excesos.Peligro].join(' · ')}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, lineHeight: 1.3 }}>
            {/* Narrow, 'Episodios' goes over its three counts, which stay together. */}
            {t('precalc.episodes', { value: [l.line.Episodios.Aviso, l.line.Episodios.Alarma, l.line.Episodios.Peligro].join('\u00a0·\u00a0') })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'select',
      width: headerWidth(t('precalc.columns.select'), 64, 12),
      align: 'center',
      // Which lines are saved (ALRM-008 puts it last): kept in view when the table scrolls
      // sideways. It alone: the levels, unit and exceedances kept there too covered the line's
      // direction and condition in a 1280 px window (mixed units, French headers).
      fixed: 'right',
      title: (
        <Flex vertical align="center" gap={2}>
          <span>{t('precalc.columns.select')}</span>
          <Checkbox
            aria-label={t('precalc.selectAll')}
            checked={allChecked}
            indeterminate={someChecked && !allChecked}
            onChange={(e) => updateLines((l) => (shownKeys.has(l.key) ? { ...l, checked: e.target.checked } : l))}
          />
        </Flex>
      ),
      render: (_, l) => (
        <Checkbox aria-label={t('precalc.selectLine', { name: lineName(l) })} checked={l.checked} onChange={(e) => setLine(l.key, { checked: e.target.checked })} />
      ),
    },
  ];
  // Who cannot save has no lines to mark.
  const shownColumns = canEdit ? columns : columns.filter((c) => c.key !== 'select');

  const editingLine = lines.find((l) => l.key === editing);
  const ready = result?.criterio && result.datos;
  const p95 = form.method === 'P95';

  const levelInputs = (which: 'change' | 'toChange') => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 8 }}>
      {LEVEL_FIELDS.map((field, i) => {
        const kinds = which === 'change' ? ['badChange', 'changeBelow'] : ['badToChange', 'toChangeBelow'];
        const wrong = problem && kinds.includes(problem.kind) && 'field' in problem && problem.field === field;
        return (
          <Form.Item
            key={field}
            label={t(`precalc.levels.${field}`)}
            htmlFor={`precalc-${which}-${field}`}
            validateStatus={wrong ? 'error' : undefined}
            style={{ marginBottom: 8 }}
          >
            <DecimalInput
              id={`precalc-${which}-${field}`}
              aria-label={t(which === 'change' ? 'precalc.changeLabel' : 'precalc.toChangeLabel', { level: t(`precalc.levels.${field}`) })}
              disabled={!p95}
              value={form[which][i]}
              onChange={(e) => {
                const next = [...form[which]] as [string, string, string];
                next[i] = e.target.value;
                set({ [which]: next as unknown as LevelTexts });
              }}
            />
          </Form.Item>
        );
      })}
    </div>
  );

  return (
    <Card title={<EditorTitle icon={KIND_ICON.machine} kind={t('precalc.title')} name={node.data.NombreEs} />} styles={{ header: { paddingBlock: 12 } }}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t(canEdit ? 'precalc.help' : 'precalc.helpReadOnly')}</Typography.Text>
        {!canEdit && <Alert type="info" showIcon title={t('precalc.readOnly')} />}
        <Form layout="vertical" component="div" size="middle">
          {/* Side by side in a 1280 px window, each as wide as it needs: the periods two whole
              dates ('30/10/2026'), the thresholds three labels ('Avertissement'); the names of
              the components wrap. Narrower, the thresholds go under the other two. */}
          <Flex wrap gap={16}>
            <Column title={t('precalc.components')} flex="1 1 184px">
              <ComponentList machine={machine} components={lists.data.Componentes} excluded={excluded} onExclude={(ids) => { setExcluded(ids); setProblem(undefined); }} readOnly={!canEdit} />
            </Column>
            <Column title={t('precalc.conditions')} flex="1 1 320px">
              <Flex vertical gap={8}>
                <Checkbox checked={form.allConditions} onChange={(e) => set({ allConditions: e.target.checked })}>
                  {t('precalc.allConditions')}
                </Checkbox>
                <Select
                  mode="multiple"
                  allowClear
                  aria-label={t('precalc.conditions')}
                  disabled={form.allConditions}
                  status={problem?.kind === 'noCondition' ? 'error' : undefined}
                  placeholder={t('precalc.chooseConditions')}
                  options={conditions}
                  value={form.allConditions ? [] : form.conditions}
                  onChange={(ids: number[]) => set({ conditions: ids })}
                />
                <Typography.Title level={5} style={{ margin: '8px 0 0' }}>
                  {t('precalc.periods')}
                </Typography.Title>
                {form.periods.map((p, i) => {
                  const n = i + 1;
                  const wrong = problem && 'period' in problem && problem.period === i ? problem.kind : undefined;
                  const setPeriod = (patch: Partial<typeof p>) => set({ periods: form.periods.map((q, j) => (j === i ? { ...q, ...patch } : q)) });
                  // The period's start or end day: red when missing or when the start is after the end.
                  const day = (bound: 'start' | 'end', missing: 'noStart' | 'noEnd') => (
                    <DatePicker
                      aria-label={t(`precalc.${bound}`, { n })}
                      placeholder={t(`precalc.${bound}`, { n })}
                      format={DAY_FORMAT}
                      status={wrong === missing || wrong === 'badRange' ? 'error' : undefined}
                      value={p[bound] ? dayjs(p[bound]) : null}
                      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                      onChange={(d) => setPeriod({ [bound]: d ? d.format(DAY) : null })}
                      style={{ flex: 1, minWidth: 0 }}
                    />
                  );
                  return (
                    <Flex key={i} align="center" gap={6}>
                      {day('start', 'noStart')}
                      {day('end', 'noEnd')}
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('precalc.removePeriod', { n })}
                        title={t('precalc.removePeriod', { n })}
                        disabled={form.periods.length === 1}
                        onClick={() => set({ periods: form.periods.filter((_, j) => j !== i) })}
                      />
                    </Flex>
                  );
                })}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => set({ periods: [...form.periods, { start: null, end: null }] })}
                  style={{ alignSelf: 'start' }}
                >
                  {t('precalc.addPeriod')}
                </Button>
              </Flex>
            </Column>
            <Column title={t('precalc.thresholds')} flex="1 1 336px">
              <Flex vertical gap={8}>
                <Flex align="center" gap={8}>
                  <label htmlFor="precalc-method">{t('precalc.method')}</label>
                  <Select
                    id="precalc-method"
                    value={form.method}
                    options={METHODS.map((m) => ({ value: m, label: t(`precalc.methods.${m}`) }))}
                    onChange={(m) => set({ method: m })}
                    style={{ flex: 1, minWidth: 0 }}
                  />
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`precalc.methodHelp.${form.method}`)}
                </Typography.Text>
                <Typography.Text strong>{t('precalc.change')}</Typography.Text>
                {levelInputs('change')}
                <Typography.Text strong>{t('precalc.toChange')}</Typography.Text>
                {levelInputs('toChange')}
                <Flex wrap align="center" gap={12}>
                  <Checkbox checked={form.outliers} onChange={(e) => set({ outliers: e.target.checked })}>
                    {t('precalc.outliers')}
                  </Checkbox>
                  <Flex align="center" gap={6}>
                    <label htmlFor="precalc-min-values">{t('precalc.minValues')}</label>
                    <Input
                      id="precalc-min-values"
                      inputMode="numeric"
                      status={problem?.kind === 'badMinValues' ? 'error' : undefined}
                      value={form.minValues}
                      onChange={(e) => set({ minValues: e.target.value })}
                      style={{ width: 72 }}
                    />
                  </Flex>
                </Flex>
                <Checkbox checked={form.iso.on} onChange={(e) => set({ iso: { ...form.iso, on: e.target.checked } })}>
                  {keepStandard(t('precalc.iso'))}
                </Checkbox>
                {form.iso.on && (
                  // The group's label whole ('Grupo 2 (15 a 300 kW)'): the foundation goes under it where both do not fit.
                  <Flex wrap gap={8}>
                    <Select
                      aria-label={t('precalc.isoGroup')}
                      value={form.iso.Grupo}
                      options={([1, 2] as const).map((g) => ({ value: g, label: t(`precalc.groups.${g}`) }))}
                      onChange={(g) => set({ iso: { ...form.iso, Grupo: g } })}
                      style={{ flex: '1 1 190px' }}
                    />
                    <Select
                      aria-label={t('precalc.foundation')}
                      value={form.iso.Cimentacion}
                      options={(['RIGIDA', 'FLEXIBLE'] as const).map((f) => ({ value: f, label: t(`precalc.foundations.${f}`) }))}
                      onChange={(f) => set({ iso: { ...form.iso, Cimentacion: f } })}
                      style={{ flex: '1 1 100px' }}
                    />
                  </Flex>
                )}
              </Flex>
            </Column>
          </Flex>
        </Form>

        <Flex wrap align="center" gap={12}>
          <Button type="primary" icon={<CalculatorOutlined />} loading={precalculate.isPending} onClick={run}>
            {precalculate.isPending ? t('precalc.precalculating') : t('precalc.precalculate')}
          </Button>
          {problem && <Alert type="error" showIcon role="alert" title={problemText(t, problem)} style={{ flex: 1, minWidth: 240 }} />}
        </Flex>

        {result && !result.criterio && <Alert type="info" showIcon role="status" title={t('precalc.noCriterion')} />}
        {result && result.criterio && !result.datos && <Alert type="info" showIcon role="status" title={t('precalc.noData')} />}
        {ready && (
          <Flex vertical gap={12}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('precalc.results')}
            </Typography.Title>
            {/* Ten columns in a 1280 px window's card: 6 px either side of a cell rather than 8. */}
            <ConfigProvider theme={{ components: { Table: { cellPaddingInlineSM: 6 } } }}>
              <Table<Line>
                size="small"
                rowKey="key"
                columns={shownColumns}
                dataSource={pageLines}
                pagination={false}
                // Wider than its card (a 1280 px window with mixed units, French headers) the
                // table scrolls sideways from its line's identity and levels to its unit and
                // exceedances, the checkbox kept in view. The header stays under the app's bar
                // (64 px) while the lines scroll past.
                scroll={{ x: shownColumns.reduce((sum, c) => sum + Number(c.width ?? VCV_WIDTH), 0) }}
                sticky={{ offsetHeader: 64 }}
                onRow={(l) => ({
                  onClick: (e) => {
                    // Clicks on the line's fields, checkbox or buttons are theirs (ALRM-012).
                    if ((e.target as HTMLElement).closest('input, button, label, .ant-checkbox-wrapper, .ant-input-affix-wrapper')) return;
                    setEditing(l.key);
                  },
                  style: { cursor: 'pointer', ...(lineChanged(l) && { background: '#f0f7ff' }) },
                })}
                onChange={(_p, filters) => {
                  const ids = (v: unknown) => (Array.isArray(v) && v.length > 0 ? v.map(Number) : null);
                  setFilter({ points: ids(filters.point), conditions: ids(filters.condition) });
                  setPage(1);
                }}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
              />
            </ConfigProvider>
            <Flex wrap justify="space-between" align="center" gap={12}>
              <Pager page={shownPage} count={pages} onChange={setPage} />
              <Flex wrap align="center" gap={12}>
                {canEdit && (
                  <>
                    <Typography.Text type="secondary" role="status">
                      {t('precalc.selection', { count: toSave.length, total: shown.length })}
                    </Typography.Text>
                    <Button type="primary" icon={<SaveOutlined />} disabled={toSave.length === 0 || refused.length > 0} loading={saveLevels.isPending} onClick={save}>
                      {t('precalc.save')}
                    </Button>
                  </>
                )}
              </Flex>
            </Flex>
            {refused.length > 0 && <Alert type="warning" showIcon title={t('precalc.refusedLines')} />}
          </Flex>
        )}
      </Flex>
      {editingLine && result && (
        <AlarmModal
          key={editingLine.key}
          machine={machine}
          subject={{ kind: 'vcv', row: lineAlarm(editingLine.line) }}
          start={editingLine.texts}
          period={result.period}
          onSave={canEdit ? (values) => setLine(editingLine.key, { texts: textsOf(values, language) }) : undefined}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
}
