import type { UseQueryResult } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldItem, FieldRow } from './fields';

/**
 * A point's spectrum selects, one per range of `slots` (its form field and range): each offers
 * the factory's spectra of its range, none by default.
 */
export function SpectrumSelects<S extends { Rango?: string }, R extends string>({
  slots,
  label,
  spectra,
  option,
}: {
  slots: readonly { field: string; range: R }[];
  label: (range: R) => string;
  spectra: UseQueryResult<S[]>;
  option: (spectrum: S) => { value?: number; label: string };
}) {
  const { t } = useTranslation();
  return (
    <FieldRow>
      {slots.map(({ field, range }) => (
        <FieldItem key={field} name={field} label={label(range)}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('tree.fields.point.noSpectrum')}
            loading={spectra.isPending}
            options={(spectra.data ?? []).filter((s) => s.Rango === range).map(option)}
          />
        </FieldItem>
      ))}
    </FieldRow>
  );
}
