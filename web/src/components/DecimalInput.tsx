import type { Rule } from 'antd/es/form';
import { Input, type InputProps, type InputRef } from 'antd';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { checkDecimal, intervalText, localDecimal, type DecimalSpec } from '../lib/decimal';

/**
 * A text input for decimals typed with a dot or a comma ("1480,5"). It shows its value with the
 * language's decimal mark — a value the API sent as "300.000" reads "300,000" in Spanish, and a
 * dot typed there turns into a comma at once, so that nobody takes one for a thousands
 * separator. Its value stays that text; `decimalRule` checks it and the caller turns it into
 * what the API takes.
 */
export function DecimalInput({ unit, ref, value, ...props }: Omit<InputProps, 'type'> & { unit?: ReactNode; ref?: Ref<InputRef> }) {
  const { i18n } = useTranslation();
  const shown = value === undefined ? undefined : localDecimal(value, i18n.language);
  return <Input ref={ref} inputMode="decimal" autoComplete="off" suffix={unit} value={shown} {...props} />;
}

/** The range of a spec as the hint shows it, in the language's marks: "[0,001; 9999999,999]". */
export function decimalRange(spec: DecimalSpec, language: string): string {
  const fmt = (n: number) =>
    n.toLocaleString(language, { minimumFractionDigits: 0, maximumFractionDigits: spec.dec, useGrouping: false });
  const min = spec.min ?? (spec.negative ? -(10 ** spec.int - 10 ** -spec.dec) : 0);
  const max = spec.max ?? 10 ** spec.int - 10 ** -spec.dec;
  return intervalText(fmt(min), fmt(max), language);
}

/** A form rule checking a decimal text against `spec`; blank passes (add `required` for that). */
export function decimalRule(spec: DecimalSpec, message: string): Rule {
  return {
    validator: (_, value: unknown) => (checkDecimal(value, spec) ? Promise.reject(new Error(message)) : Promise.resolve()),
  };
}
