// Small pieces the tree editors' forms share: the name field, name rules, decimal rules with
// their range hint, the two-column grid and section headings.
import type { CSSProperties, ReactNode } from 'react';
import type { Rule } from 'antd/es/form';
import { Col, Divider, Form, Input, Row, Typography, type FormItemProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../app/auth';
import { isEditor } from '../../../app/roles';
import { decimalRange, decimalRule } from '../../../components/DecimalInput';
import type { DecimalSpec } from '../../../lib/decimal';

/** Longest name the server accepts. */
export const NAME_MAX = 100;

/** A required name of at most NAME_MAX characters. */
export function nameRules(t: TFunction): Rule[] {
  return [
    { required: true, whitespace: true, message: t('validation.required') },
    { max: NAME_MAX, message: t('validation.maxLength', { max: NAME_MAX }) },
  ];
}

/** At most `max` characters. */
export function maxRule(t: TFunction, max: number): Rule {
  return { max, message: t('validation.maxLength', { max }) };
}

/** A decimal text within `spec`, with the range in the message ("Rango [0,001; 9999999,999]"). */
export function decimalRules(t: TFunction, spec: DecimalSpec, language: string): Rule[] {
  return [decimalRule(spec, t('tree.validation.decimal', { range: decimalRange(spec, language) }))];
}

/** The placeholder of a decimal field: its range. */
export function rangeHint(spec: DecimalSpec, language: string): string {
  return decimalRange(spec, language);
}

/** Column sizes: two columns on a wide editor, one on a phone. */
export const HALF = { xs: 24, md: 12 } as const;
export const THIRD = { xs: 24, sm: 12, lg: 8 } as const;
export const QUARTER = { xs: 24, sm: 12, lg: 6 } as const;

/** A row of form columns. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <Row gutter={[24, 0]}>{children}</Row>;
}

/** A column of a FieldRow. */
export function Field({ size = HALF, children }: { size?: object; children: ReactNode }) {
  return <Col {...size}>{children}</Col>;
}

/** A column of a FieldRow holding one form item. */
export function FieldItem({ size, children, ...item }: FormItemProps & { size?: object }) {
  return (
    <Field size={size}>
      <Form.Item {...item}>{children}</Form.Item>
    </Field>
  );
}

/** The node's name field (NombreEs): required, with its length counted for those who may edit it. */
export function NameItem({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation();
  const canEdit = isEditor(useMe().Tipos);
  return (
    <Form.Item name="NombreEs" label={t('tree.fields.name')} rules={nameRules(t)} style={style}>
      <Input count={{ show: canEdit, max: NAME_MAX }} />
    </Form.Item>
  );
}

/** A heading that groups the fields below it, with what they are for when `help` says so. */
export function Section({ title, help }: { title: string; help?: ReactNode }) {
  return (
    <>
      <Divider titlePlacement="start" style={{ marginTop: 4, fontSize: 14 }}>
        {title}
      </Divider>
      {help && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {help}
        </Typography.Paragraph>
      )}
    </>
  );
}
