import type { ReactNode } from 'react';
import { Col, Form, Input, Row, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DecimalInput, decimalRange } from '../../components/DecimalInput';
import { currentLanguage } from '../../i18n';
import {
  NAME,
  NAME_MAX,
  fieldProblem,
  nameProblem,
  type CatalogKind,
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

/**
 * The options of a select field in the server's order: Spanish names in Spanish, English names
 * otherwise; `only` narrows them (the dynamic sensors' magnitude).
 */
export function selectOptions(field: SelectField, lists: OptionLists | undefined, language: string) {
  return (lists?.[field.list] ?? [])
    .filter((o) => !field.only || field.only.includes(o.id))
    .map((o) => ({ value: o.id, label: language === 'es' ? o.nameSPA : o.nameENG }));
}

/** A form rule running a pure check; the message stays hidden (fields are only highlighted, SENS-070). */
function checkRule(t: TFunction, check: (value: string | undefined, values: FormValues) => FieldProblem | null): Rule {
  return ({ getFieldsValue }) => ({
    validator: (_, value: string | undefined) => {
      const problem = check(value, getFieldsValue() as FormValues);
      return problem ? Promise.reject(new Error(t(`catalog.validation.${problem}`))) : Promise.resolve();
    },
  });
}

/** The range hint of a number field. */
function hint(field: FieldDecl, language: string): string | undefined {
  if (field.type === 'decimal') return decimalRange(field.spec, language);
  if (field.type === 'integer') return `[${field.min}, ${field.max}]`;
  return undefined;
}

function control(field: FieldDecl, lists: OptionLists | undefined, language: string, t: TFunction): ReactNode {
  const disabled = field.fixed || undefined;
  if (field.type === 'select') {
    return (
      <Select
        options={selectOptions(field, lists, language)}
        disabled={disabled}
        placeholder={t('catalog.select')}
        aria-label={field.label(t)}
      />
    );
  }
  return (
    <DecimalInput
      unit={field.unit}
      placeholder={hint(field, language)}
      disabled={disabled}
      inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
    />
  );
}

/**
 * The form fields of a catalogue kind, from its declaration: the name first, then its fields
 * in two columns (one on a phone). Invalid or blank fields are highlighted without a message;
 * the form focuses the first (SENS-070).
 */
export function CatalogFields({ kind, lists, readOnly }: { kind: CatalogKind; lists: OptionLists | undefined; readOnly?: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Row gutter={[24, 0]}>
      <Col span={24}>
        <Form.Item name={NAME} label={t('catalog.fields.name')} required rules={[checkRule(t, nameProblem)]}>
          <Input count={readOnly ? undefined : { show: true, max: NAME_MAX }} autoComplete="off" />
        </Form.Item>
      </Col>
      {kind.fields.map((field) => (
        <Col key={field.name} xs={24} md={12}>
          <Form.Item
            name={field.name}
            label={field.label(t)}
            required={field.required && !field.fixed}
            dependencies={field.type === 'decimal' && field.notAbove ? [field.notAbove] : undefined}
            rules={[checkRule(t, (value, values) => fieldProblem(field, value, values))]}
          >
            {control(field, lists, language, t)}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
