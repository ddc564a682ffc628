import { useEffect, useMemo } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { localName } from '../../i18n/names';
import type { Criterion } from '../../api/types';
import { useFactoryItems } from '../catalog/api';
import { CRITERION } from '../criteria/kinds';
import { criterionOffered, criterionRequired } from '../tree/machineRules';

/**
 * The machine's criterion (CriterioId): the factory's criteria the update mode offers, for a
 * KOS Sensor machine or not (MACH-041..MACH-046); DESCONOCIDO forces its criterion and locks the select (MACH-047); a
 * criterion the new mode does not offer is cleared; required when online (MACH-080).
 */
export function CriterionField() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const form = Form.useFormInstance();
  const mode = Form.useWatch<string | undefined>('Actualizacion', form);
  const online = Form.useWatch<boolean | undefined>('Online', form);
  const chosen = Form.useWatch<number | undefined>('CriterioId', form);
  const digital = Form.useWatch<boolean | undefined>('KOSSensor', form) === true;
  const criteria = useFactoryItems<Criterion>(CRITERION);
  const offered = useMemo(
    () => (criteria.data ?? []).filter((c) => criterionOffered(mode, digital, c.Sistema === true, c.Vco_v ?? [])),
    [criteria.data, mode, digital],
  );
  const unknown = criteria.data?.find((c) => c.Sistema === true)?.UsuCriterioID;

  useEffect(() => {
    if (!criteria.data || mode === undefined) return;
    if (mode === 'DESCONOCIDO') {
      if (chosen !== unknown) form.setFieldValue('CriterioId', unknown);
    } else if (chosen !== undefined && chosen !== null && !offered.some((c) => c.UsuCriterioID === chosen)) {
      form.setFieldValue('CriterioId', undefined);
    }
  }, [criteria.data, mode, chosen, unknown, offered, form]);

  return (
    <Form.Item
      name="CriterioId"
      label={t('tree.fields.machine.criterion')}
      dependencies={['Online', 'Actualizacion']}
      rules={[{ required: criterionRequired(online, mode), message: t('validation.required') }]}
    >
      <Select
        allowClear
        disabled={mode === 'DESCONOCIDO' ? true : undefined}
        placeholder={t('tree.fields.machine.noCriterion')}
        loading={criteria.isPending}
        // The machine's criterion reads 'Cargando…' until the criteria come, not its bare id.
        labelRender={({ label, value }) => label ?? (criteria.isPending ? t('common.loading') : value)}
        options={offered.map((c) => ({ value: c.UsuCriterioID, label: localName(c, language) }))}
      />
    </Form.Item>
  );
}
