// The controls of the VCO/VCOV and criterion fields that are not a text or a single option:
// the sensor of one of several kinds, the VCO's conditions, a criterion's entries and its
// conditions over them. Each is bound to its form value (value, onChange) by the editor.
import type { ReactNode } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Form, Input, Select, Typography } from 'antd';
import { FormItemInputContext } from 'antd/es/form/context';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DecimalInput, decimalRange } from '../../components/DecimalInput';
import { currentLanguage } from '../../i18n';
import { magnitudeUnit, type Unit } from '../../lib/units';
import { listQuery } from '../catalog/api';
import { itemKey, itemName, type CatalogItem, type CatalogKind, type CustomControlProps } from '../catalog/kind';
import {
  ANY,
  BOUND,
  SENSOR_SLOTS,
  conditionProblems,
  criterionConditionProblems,
  entriesOf,
  parseSensor,
  readConditions,
  rowsOf,
  sensorKind,
  sensorMagnitude,
  sensorValue,
  slotsOf,
  type ConditionRow,
  type CriterionRow,
  type RowProblems,
} from './rules';
import './criteria.css';

/**
 * An input of a row, highlighted alone: the list's form item marks the whole list invalid, its
 * rows show which input is wrong (without a message, as every field, SENS-070).
 */
function Cell({ problem, children }: { problem: boolean; children: ReactNode }) {
  return <FormItemInputContext.Provider value={{ status: problem ? 'error' : undefined }}>{children}</FormItemInputContext.Provider>;
}

/** The name of the condition of row `n`, the first cell of both condition lists. */
function ConditionName({
  n,
  value,
  onChange,
  disabled,
  problem,
  flex,
}: {
  n: number;
  value: string;
  onChange: (name: string) => void;
  disabled?: boolean;
  problem: boolean;
  flex: string;
}) {
  const { t } = useTranslation();
  return (
    <Cell problem={problem}>
      <Input
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        placeholder={t('criteria.conditions.name')}
        aria-label={`${t('criteria.conditions.name')} ${n}`}
        autoComplete="off"
        style={{ flex }}
      />
    </Cell>
  );
}

/** Whether the list's form item shows an error (rows are highlighted only then, after a check). */
function useChecked(): boolean {
  return Form.Item.useStatus().status === 'error';
}

/** The sensor a VCO/VCOV reads: the sensors of the editor's side its type allows, grouped by sensor kind (VCO-011). */
export function SensorSelect({ id, value, onChange, disabled, values, ctx, factoryId }: CustomControlProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const side = ctx.side ?? 'factory';
  const lists = useQueries({
    queries: SENSOR_SLOTS.map((s) => ({ ...listQuery(sensorKind(s), side, factoryId, language), enabled: factoryId > 0 })),
    combine: (results) => results.map((r) => r.data ?? []),
  });
  const allowed = slotsOf(values.Tipo);
  const options = SENSOR_SLOTS.flatMap((slot, i) => {
    const kind = sensorKind(slot);
    const sensors = lists[i]
      .map((it) => ({ value: sensorValue(slot.field, itemKey(kind, side, it)), label: itemName(kind, it, language) }))
      .filter((o) => allowed.includes(slot) || o.value === value);
    return sensors.length > 0 ? [{ label: kind.label(t), title: kind.label(t), options: sensors }] : [];
  });
  return (
    <Select<string>
      id={id}
      value={typeof value === 'string' ? value : undefined}
      onChange={(v) => onChange?.(v)}
      options={options}
      disabled={disabled}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('catalog.select')}
      aria-label={t('criteria.fields.sensor')}
    />
  );
}

/** A list of rows with an add button and a remove button per row (nothing to change when disabled). */
function Rows<T>({
  rows,
  onChange,
  disabled,
  blank,
  boxed,
  render,
}: {
  rows: T[];
  onChange?: (rows: T[]) => void;
  disabled?: boolean;
  blank: T;
  /** Each row in a light box (rows of several lines). */
  boxed?: boolean;
  render: (row: T, set: (row: T) => void, n: number) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('criteria.conditions.none')} style={{ margin: 0 }} />}
      {rows.map((row, i) => (
        <Flex key={i} gap={8} align="flex-start" className={boxed ? 'vigia-condition-box' : undefined} role="group" aria-label={`${t('criteria.fields.conditions')} ${i + 1}`}>
          <Flex gap={8} wrap style={{ flex: 1, minWidth: 0 }}>
            {render(row, (next) => onChange?.(rows.map((r, j) => (j === i ? next : r))), i + 1)}
          </Flex>
          {!disabled && (
            <Button
              icon={<DeleteOutlined />}
              aria-label={`${t('criteria.conditions.remove')} ${i + 1}`}
              title={t('criteria.conditions.remove')}
              onClick={() => onChange?.(rows.filter((_, j) => j !== i))}
            />
          )}
        </Flex>
      ))}
      {!disabled && (
        <Button icon={<PlusOutlined />} onClick={() => onChange?.([...rows, blank])} style={{ alignSelf: 'flex-start' }}>
          {t('criteria.conditions.add')}
        </Button>
      )}
    </Flex>
  );
}

const NO_PROBLEM: RowProblems = {};

/** A VCO/VCOV's conditions: rows of a name and an open or closed range (minimum, maximum). */
export function ConditionsEditor({ id, value, onChange, disabled, values, ctx, factoryId }: CustomControlProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const unit = useSensorUnit(values.Sensor, ctx, factoryId);
  const rows = rowsOf<ConditionRow>(value);
  const checked = useChecked();
  const problems = checked ? conditionProblems(rows) : [];
  const hint = decimalRange(BOUND, language);
  return (
    <div id={id}>
      <Rows<ConditionRow>
        rows={rows}
        onChange={onChange}
        disabled={disabled}
        blank={{ Nombre: '', Minimo: '', Maximo: '' }}
        render={(row, set, n) => {
          const p = problems[n - 1] ?? NO_PROBLEM;
          return (
            <>
              <ConditionName
                n={n}
                value={row.Nombre}
                onChange={(Nombre) => set({ ...row, Nombre })}
                disabled={disabled}
                problem={!!p.name}
                flex="2 1 180px"
              />
              {(['Minimo', 'Maximo'] as const).map((bound) => {
                const key = bound === 'Minimo' ? 'min' : 'max';
                const text = t(`criteria.conditions.${key}`);
                return (
                  <Cell key={bound} problem={!!p[key]}>
                    <DecimalInput
                      value={row[bound]}
                      onChange={(e) => set({ ...row, [bound]: e.target.value })}
                      disabled={disabled}
                      prefix={<Typography.Text type="secondary">{text}</Typography.Text>}
                      unit={unit}
                      title={hint}
                      aria-label={`${text} ${n}`}
                      style={{ flex: '1 1 140px' }}
                    />
                  </Cell>
                );
              })}
            </>
          );
        }}
      />
    </div>
  );
}

/**
 * The unit of the conditions of a VCO/VCOV reading `sensor` (the sensor select's value): that of
 * what the sensor measures, read from the list the sensor select loaded.
 */
export function useSensorUnit(sensor: unknown, ctx: CustomControlProps['ctx'], factoryId: number): Unit | undefined {
  const language = currentLanguage();
  const side = ctx.side ?? 'factory';
  const chosen = parseSensor(typeof sensor === 'string' ? sensor : undefined);
  const kind = sensorKind(chosen?.slot ?? SENSOR_SLOTS[0]);
  const list = useQuery({ ...listQuery(kind, side, factoryId, language), enabled: factoryId > 0 && chosen !== null && chosen.slot.type !== 'taco' });
  if (!chosen) return undefined;
  const item = list.data?.find((it) => itemKey(kind, side, it) === chosen.id);
  return magnitudeUnit(sensorMagnitude(chosen.slot, item));
}

/** The VCO/VCOV items of the editor's side (a criterion's entries and their conditions). */
function useVcos(vcos: CatalogKind, ctx: CustomControlProps['ctx'], factoryId: number): CatalogItem[] {
  const language = currentLanguage();
  return useQuery({ ...listQuery(vcos, ctx.side ?? 'factory', factoryId, language), enabled: factoryId > 0 }).data ?? [];
}

/** A criterion's VCO/VCOV entries: a multiple select of the VCO/VCOVs of the editor's side, in the order chosen. */
export function entriesSelect(vcos: CatalogKind) {
  return function EntriesSelect({ id, value, onChange, disabled, ctx, factoryId }: CustomControlProps) {
    const { t } = useTranslation();
    const language = currentLanguage();
    const side = ctx.side ?? 'factory';
    const items = useVcos(vcos, ctx, factoryId);
    return (
      <Select<string[]>
        id={id}
        mode="multiple"
        value={entriesOf(value)}
        onChange={(v) => onChange?.(v)}
        options={items.map((it) => ({ value: itemKey(vcos, side, it), label: itemName(vcos, it, language) }))}
        disabled={disabled}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('catalog.select')}
        aria-label={t('criteria.fields.entries')}
      />
    );
  };
}

/**
 * A criterion's conditions: rows of a name and, for each entry, one of that entry's conditions
 * or 'Cualquiera' (any value).
 */
export function criterionConditions(vcos: CatalogKind) {
  return function CriterionConditions({ id, value, onChange, disabled, values, ctx, factoryId }: CustomControlProps) {
    const { t } = useTranslation();
    const language = currentLanguage();
    const side = ctx.side ?? 'factory';
    const items = useVcos(vcos, ctx, factoryId);
    const entries = entriesOf(values.Vco_v).map((entry) => ({
      id: entry,
      item: items.find((it) => itemKey(vcos, side, it) === entry),
    }));
    const rows = rowsOf<CriterionRow>(value);
    const checked = useChecked();
    const problems = checked ? criterionConditionProblems(rows) : [];
    return (
      <Flex vertical gap={8} id={id}>
        {entries.length === 0 && <Typography.Text type="secondary">{t('criteria.conditions.noEntries')}</Typography.Text>}
        <Rows<CriterionRow>
          rows={rows}
          onChange={onChange}
          disabled={disabled}
          blank={{ CondicionNombre: '', Rangos: {} }}
          boxed
          render={(row, set, n) => (
            <>
              <ConditionName
                n={n}
                value={row.CondicionNombre}
                onChange={(CondicionNombre) => set({ ...row, CondicionNombre })}
                disabled={disabled}
                problem={!!problems[n - 1]?.name}
                flex="1 1 100%"
              />
              {entries.map(({ id: entry, item }) => {
                const name = item ? itemName(vcos, item, language) : entry;
                return (
                  <Select<string>
                    key={entry}
                    value={row.Rangos[entry] ?? ANY}
                    onChange={(v) => set({ ...row, Rangos: { ...row.Rangos, [entry]: v } })}
                    disabled={disabled}
                    prefix={<Typography.Text type="secondary">{name}</Typography.Text>}
                    aria-label={`${name} ${n}`}
                    popupMatchSelectWidth={false}
                    style={{ flex: '1 1 240px', minWidth: 0 }}
                    options={[
                      { value: ANY, label: t('criteria.conditions.any') },
                      ...readConditions(item ?? {}).map((c) => ({ value: String(c.CondicionID), label: c.Nombre })),
                    ]}
                  />
                );
              })}
            </>
          )}
        />
      </Flex>
    );
  };
}
