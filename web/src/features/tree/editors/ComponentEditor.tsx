import { Form, Input, Radio, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/DecimalInput';
import { currentLanguage } from '../../../i18n';
import { useEnums } from '../api';
import { CalculationField } from './CalculationField';
import {
  MOTOR_REQUIRED,
  MOTOR_UNITS,
  NOMINAL_SPEED,
  POWER,
  motorOptionalFields,
  toBody,
  toForm,
  type ComponentValues,
  type MotorField,
} from '../componentForm';
import { motorKind, numericOptions } from '../enums';
import { Field, FieldItem, FieldRow, NameItem, QUARTER, Section, decimalRules, maxRule, rangeHint } from './fields';
import { NodeEditor } from './NodeEditor';
import { UNITS } from '../../../lib/units';

/** Label of each motor field. */
function motorLabel(t: TFunction, field: MotorField): string {
  const labels: Record<MotorField, string> = {
    Marca: t('tree.fields.component.brand'),
    Velocidad: t('tree.fields.component.speed'),
    Tipo: t('tree.fields.component.type'),
    NumeroSerie: t('tree.fields.component.serial'),
    CosenoPhi: t('tree.fields.component.cosPhi'),
    Intensidad: t('tree.fields.component.current'),
    ClaseTermica: t('tree.fields.component.thermalClass'),
    Tension: t('tree.fields.component.voltage'),
    IndiceProteccion: t('tree.fields.component.protection'),
    IntensidadRotor: t('tree.fields.component.rotorCurrent'),
    TensionRotor: t('tree.fields.component.rotorVoltage'),
    TensionExcitacion: t('tree.fields.component.excitationVoltage'),
    TensionInducido: t('tree.fields.component.armatureVoltage'),
    IntensidadExcitacion: t('tree.fields.component.excitationCurrent'),
    IntensidadInducido: t('tree.fields.component.armatureCurrent'),
  };
  return labels[field];
}

/**
 * Component editor (/editor/component): name, power, mounting, nominal speed, calculation
 * template, comment, subtype and, for motors, the motor's data; copy, create and paste
 * points, delete. A point can only be created once the component has a mounting (TREE-075).
 */
export default function ComponentEditor() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const enums = useEnums();
  const subtypes = enums.data?.SubtipoComponente;
  const required = { required: true, message: t('validation.required') };

  return (
    <NodeEditor<'component', ComponentValues>
      kind="component"
      toForm={toForm}
      toBody={(v, c) => toBody(v, c, motorKind(subtypes, v.GenSubtipoComponenteId))}
      fieldMap={{ ComentarioEn: 'ComentarioEs', NombreEn: 'NombreEs' }}
      createGuard={(c) => (c.Montaje ? undefined : t('tree.messages.noMounting'))}
      childOrientation={(c) => c.Montaje ?? undefined}
    >
      {({ form }) => (
        <>
          <Section title={t('tree.sections.general')} />
          <FieldRow>
            <Field>
              <NameItem />
            </Field>
            <FieldItem name="GenSubtipoComponenteId" label={t('tree.fields.component.subtype')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('tree.fields.none')}
                options={numericOptions(subtypes, language)}
                loading={enums.isPending}
              />
            </FieldItem>
            <FieldItem size={QUARTER} name="Montaje" label={t('tree.fields.component.mounting')} rules={[required]}>
              <Select placeholder={t('tree.fields.component.chooseMounting')} options={numericOptions(enums.data?.Montaje, language)} loading={enums.isPending} />
            </FieldItem>
            <FieldItem size={QUARTER} name="Potencia" label={t('tree.fields.component.power')} rules={decimalRules(t, POWER, language)}>
              <DecimalInput unit={UNITS.power} placeholder={rangeHint(POWER, language)} />
            </FieldItem>
            <FieldItem
              size={QUARTER}
              name="VelocidadNominal"
              label={t('tree.fields.component.nominalSpeed')}
              rules={decimalRules(t, NOMINAL_SPEED, language)}
            >
              <DecimalInput unit={UNITS.speed} placeholder={rangeHint(NOMINAL_SPEED, language)} />
            </FieldItem>
            <Field size={QUARTER}>
              <CalculationField />
            </Field>
            <FieldItem size={QUARTER} name="ParametrosDinamicos" label={t('tree.fields.component.dynamicParameters')} tooltip={t('tree.fields.component.dynamicParametersHint')}>
              <Radio.Group
                options={[
                  { value: true, label: t('common.yes') },
                  { value: false, label: t('common.no') },
                ]}
                optionType="button"
                buttonStyle="solid"
              />
            </FieldItem>
          </FieldRow>
          <Form.Item name="ComentarioEs" label={t('tree.fields.comment')} rules={[maxRule(t, 1000)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>

          <Form.Item noStyle shouldUpdate={(a, b) => a.GenSubtipoComponenteId !== b.GenSubtipoComponenteId}>
            {() => {
              const motor = motorKind(subtypes, form.getFieldValue('GenSubtipoComponenteId'));
              if (motor === 0) return null;
              const fields = [...MOTOR_REQUIRED, ...motorOptionalFields(motor)];
              return (
                <>
                  <Section title={t('tree.sections.motor')} />
                  <FieldRow>
                    {fields.map((f) => (
                      <Field key={f} size={QUARTER}>
                        <Form.Item
                          name={['Motor', f]}
                          label={motorLabel(t, f)}
                          rules={[
                            ...(MOTOR_REQUIRED.includes(f) ? [{ ...required, whitespace: true }] : []),
                            maxRule(t, 50),
                          ]}
                        >
                          <Input suffix={MOTOR_UNITS[f]} />
                        </Form.Item>
                      </Field>
                    ))}
                  </FieldRow>
                </>
              );
            }}
          </Form.Item>
        </>
      )}
    </NodeEditor>
  );
}
