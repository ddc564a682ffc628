import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { localName } from '../../../i18n/names';
import { useCalculations } from '../api';

/** The 'Cálculo VA' select (UsuCalculoVrId) of the machine and component editors. */
export function CalculationField() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const calculations = useCalculations();
  return (
    <Form.Item name="UsuCalculoVrId" label={t('tree.fields.calculation')}>
      <Select
        allowClear
        placeholder={t('tree.fields.none')}
        loading={calculations.isPending}
        options={(calculations.data ?? []).map((c) => ({
          value: c.UsuCalculoVrID,
          label: localName(c, language),
        }))}
      />
    </Form.Item>
  );
}
