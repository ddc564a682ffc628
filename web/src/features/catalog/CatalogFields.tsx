import type { ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DecimalInput, decimalRange } from '../../components/DecimalInput';
import { currentLanguage } from '../../i18n';
import { optionName } from '../tree/enums';
import { intervalText } from '../../lib/decimal';
import { listQuery } from './api';
import {
  NAME,
  NAME_MAX,
  fieldState,
  itemKey,
  itemName,
  nameProblem,
  problemOf,
  visibleFields,
  type CatalogItem,
  type CatalogKind,
  type FieldContext,
  type FieldDecl,
  type FieldProblem,
  type FormValues,
  type SelectField,
} from './kind';

/** One option of a server list: id, Spanish and English names. */
export interface ListOption {
  id: string;
  nameSPA: string;
  nameENG: string;
}

/** The option lists a kind's select fields read, by list name. */
export type OptionLists = Readonly<Record<string, readonly ListOption[] | null | undefined>>;

/** What a select's options are read with: the server's lists, the translator, the form's values and the editor. */
export interface OptionSource {
  lists: OptionLists | undefined;
  t: TFunction;
  language: string;
  values: FormValues;
  ctx: FieldContext;
  /** The items item selects offer, by kind segment, of the editor's side. */
  items?: Readonly<Record<string, readonly CatalogItem[]>>;
}

/**
 * The options of a select field, in the server's or the declared order: a server list's Spanish
 * names in Spanish and English names otherwise, or the declared labels. Only the options the
 * field offers with the current values are listed, and always the chosen one, so that a
 * read-only editor shows what the item holds.
 */
export function selectOptions(field: SelectField, o: OptionSource): { value: string; label: string }[] {
  const chosen = o.values[field.name];
  if ('items' in field) {
    // Items: those that fit the other values (and the chosen one), labelled as the field says.
    return (o.items?.[field.items.segment] ?? []).flatMap((it) => {
      const value = itemKey(field.items, o.ctx.side ?? 'factory', it);
      const fits = (field.fits?.(it, o.values, o.ctx) ?? true) && (field.offered?.(value, o.values, o.ctx) ?? true);
      if (value !== chosen && !fits) return [];
      const name = itemName(field.items, it, o.language);
      return [{ value, label: field.itemLabel?.(it, name, o.t) ?? name }];
    });
  }
  const all =
    'list' in field
      ? (o.lists?.[field.list] ?? []).map((l) => ({ value: l.id, label: optionName(l, o.language) }))
      : field.choices.map((c) => ({ value: c.id, label: c.label(o.t) }));
  return all.filter((opt) => opt.value === chosen || (field.offered?.(opt.value, o.values, o.ctx) ?? true));
}

/** A form rule running a pure check on the form's values; the message stays hidden (fields are only highlighted, SENS-070). */
function checkRule(t: TFunction, check: (values: FormValues) => FieldProblem | null): Rule {
  return ({ getFieldsValue }) => ({
    validator: () => {
      const problem = check(getFieldsValue(true) as FormValues);
      return problem ? Promise.reject(new Error(t(`catalog.validation.${problem}`))) : Promise.resolve();
    },
  });
}

/** The range hint of a number field, within the bounds the other values set. */
function hint(field: FieldDecl, o: OptionSource): string | undefined {
  if (field.type === 'decimal') return decimalRange(field.narrow?.(o.values) ?? field.spec, o.language);
  if (field.type === 'integer') return intervalText(field.min, field.max, o.language);
  return undefined;
}

function control(field: FieldDecl, disabled: boolean, o: OptionSource, factoryId: number): ReactNode {
  if (field.type === 'custom') {
    const Control = field.control;
    return <Control values={o.values} ctx={o.ctx} factoryId={factoryId} disabled={disabled || o.ctx.readOnly || undefined} />;
  }
  if (field.type === 'select') {
    const unit = typeof field.unit === 'function' ? field.unit(o.values, o.t) : field.unit;
    return (
      <Select
        options={selectOptions(field, o)}
        // The chosen value with its unit (a spectrum's sampling in CPM or Hz); the options are the bare numbers.
        labelRender={unit ? ({ label }) => <>{label} {unit}</> : undefined}
        disabled={disabled || undefined}
        placeholder={o.t('catalog.select')}
        aria-label={field.label(o.t)}
        // Short lists: every option in the page, not only those scrolled to (tests and screen readers find them all).
        virtual={false}
        // As wide as its longest option: a long name shows whole, its '(descarga) (copia)' too.
        popupMatchSelectWidth={false}
      />
    );
  }
  const range = hint(field, o);
  return (
    <DecimalInput
      // A unit that follows the values keeps a suffix, blank until known: adding one rebuilds the input, which loses focus.
      unit={typeof field.unit === 'function' ? (field.unit(o.values, o.t) ?? <span />) : field.unit}
      // The range in the empty field, and on hover once a value hides it: a refused value is
      // only highlighted (CAT-025), its range still at hand.
      placeholder={range}
      title={range}
      disabled={disabled || undefined}
      inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
    />
  );
}

/**
 * The form fields of a catalogue kind, from its declaration: the name first, then the fields
 * shown with the current values, in two columns (one on a phone). Invalid or blank fields are
 * highlighted without a message; the form focuses the first (SENS-070).
 */
export function CatalogFields({
  kind,
  lists,
  ctx,
  factoryId = 0,
}: {
  kind: CatalogKind;
  lists: OptionLists | undefined;
  ctx: FieldContext;
  /** The current factory, whose items (or the templates) item selects offer. */
  factoryId?: number;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const form = Form.useFormInstance<FormValues>();
  // The whole store, hidden fields included: their values decide what shows (and come back when shown).
  const watched = Form.useWatch((v: FormValues) => v, { form, preserve: true });
  const values = watched ?? (form.getFieldsValue(true) as FormValues);
  // The items of the kinds item selects offer (a spectrum's accelerometers), of the editor's side.
  const referenced = kind.fields.flatMap((f) => (f.type === 'select' && 'items' in f ? [f.items] : []));
  const items = useQueries({
    queries: referenced.map((k) => ({ ...listQuery(k, ctx.side ?? 'factory', factoryId, language), enabled: factoryId > 0 })),
    combine: (results) => Object.fromEntries(results.map((r, i) => [referenced[i].segment, r.data ?? []])),
  });
  const source: OptionSource = { lists, t, language, values, ctx, items };
  const names = kind.fields.map((f) => f.name);
  return (
    <div className="vigia-catalog-fields">
      <Form.Item
        name={NAME}
        label={t('catalog.fields.name')}
        required
        rules={[checkRule(t, (v) => nameProblem(v[NAME]))]}
        className="vigia-field-wide"
      >
        <Input count={ctx.readOnly ? undefined : { show: true, max: NAME_MAX }} autoComplete="off" />
      </Form.Item>
      {visibleFields(kind, values, ctx).map((field) => {
        const { disabled, required } = fieldState(field, values, ctx);
        return (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label(t)}
            extra={field.help?.(t)}
            required={(required || field.serverRequired === true) && !disabled}
            className={field.type === 'custom' && field.wide ? 'vigia-field-wide' : field.newRow ? 'vigia-field-row' : undefined}
            // Cross-field rules: a change anywhere checks again the fields already checked.
            dependencies={names.filter((n) => n !== field.name)}
            rules={[checkRule(t, (v) => problemOf(kind, field.name, v, ctx))]}
          >
            {control(field, disabled, source, factoryId)}
          </Form.Item>
        );
      })}
    </div>
  );
}
