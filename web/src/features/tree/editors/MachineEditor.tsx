import { useState, type ReactNode } from 'react';
import { Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { AlertOutlined, AreaChartOutlined, LinkOutlined, ToolOutlined } from '@ant-design/icons';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../app/auth';
import { isAdmin } from '../../../app/roles';
import { DecimalInput } from '../../../components/DecimalInput';
import { currentLanguage } from '../../../i18n';
import { parseDecimal, type DecimalSpec } from '../../../lib/decimal';
import { useEnums } from '../api';
import type { AssignWhat } from '../../assoc/api';
import type { NodePath } from '../model';
import { AssociateVcoModal } from '../../operating/AssociateVcoModal';
import { CalculationField } from './CalculationField';
import { CriterionField } from '../../operating/CriterionField';
import { enumOptions, numericOptions } from '../enums';
import { normalizeLearningTime } from '../learningTime';
import { toBody, toForm, type MachineValues } from '../machineForm';
import {
  AMPLITUDE,
  KW,
  MAX_SPEED,
  SPEED,
  machineDevice,
  maxSpeedMustExceedMin,
  onEquipmentChange,
  onUpdateModeChange,
  speedFieldsEnabled,
} from '../machineRules';
import { Field, FieldItem, FieldRow, NameItem, QUARTER, Section, THIRD, decimalRules, maxRule, rangeHint } from './fields';
import { EquipmentBlock, MachineDeviceTag } from '../../devices/MachineEquipment';
import { useFeedback } from '../feedback';
import { useAssign } from '../../assoc/api';
import { NodeEditor, useEditorPath } from './NodeEditor';
import { DeliveryBadge } from '../../configuration/DeliveryBadge';
import { useSendConfiguration } from '../../configuration/SendConfiguration';
import { MachineHistoryButton } from '../../audit/MachineHistoryButton';
import { UNITS } from '../../../lib/units';

/**
 * The form reacts to its own changes: the update mode's rules, the equipment's (S1 §4) and the
 * learning time roll-over.
 */
function onValuesChange(changed: Partial<MachineValues>, values: MachineValues, form: FormInstance<MachineValues>) {
  // The form holds "no device" as undefined, the selects' empty value.
  for (const [field, value] of Object.entries(onEquipmentChange(changed))) {
    form.setFieldValue(field as keyof MachineValues, value ?? undefined);
  }
  if ('Actualizacion' in changed) {
    form.setFieldsValue(onUpdateModeChange(changed.Actualizacion));
    void form.validateFields(['VelocidadMaxTrabajo']).catch(() => {});
  }
  if ('Dias' in changed || 'Horas' in changed) {
    const n = normalizeLearningTime(values.Dias, values.Horas);
    // Only a roll-over or a clamp changes what was typed; an emptied box stays empty.
    if ((values.Horas !== null && n.hours !== values.Horas) || (values.Dias !== null && n.days !== values.Dias)) {
      form.setFieldsValue({ Dias: n.days, Horas: n.hours });
    }
  }
}

/** The assign actions (MACH-003), in the order of the toolbar's menu 'Asignar' (then 'Asociar VCO'), with their icons. */
const ASSIGN_ACTIONS: { what: AssignWhat; icon: ReactNode }[] = [
  { what: 'spectra', icon: <AreaChartOutlined /> },
  { what: 'defaultvcv', icon: <AlertOutlined /> },
  { what: 'bearingvcv', icon: <ToolOutlined /> },
];

/** MACH-076: with 1x update and variable speed, the maximum speed exceeds the minimum. */
function maxAboveMinRule(t: TFunction): Rule {
  return ({ getFieldValue }) => ({
    validator: (_: unknown, value: string) => {
      const min = parseDecimal(getFieldValue('VelocidadMinima'));
      const max = parseDecimal(value);
      if (!maxSpeedMustExceedMin(getFieldValue('Actualizacion'), getFieldValue('VelocidadVariable'))) return Promise.resolve();
      if (min === null || max === null || Number.isNaN(min) || Number.isNaN(max) || max > min) return Promise.resolve();
      return Promise.reject(new Error(t('tree.validation.maxAboveMin')));
    },
  });
}

/**
 * A field of the software update modes (MACH-039, MACH-040): in the other modes it is disabled,
 * unchecked and says why.
 */
function SoftwareModeItem({ name, label, spec, unit, enabled }: { name: string; label: string; spec: DecimalSpec; unit: string; enabled: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <FieldItem
      name={name}
      label={label}
      rules={enabled ? decimalRules(t, spec, language) : []}
      extra={enabled ? undefined : t('tree.fields.machine.speedDisabled')}
    >
      <DecimalInput unit={unit} disabled={enabled ? undefined : true} placeholder={enabled ? rangeHint(spec, language) : undefined} />
    </FieldItem>
  );
}

/**
 * Machine editor (/editor/machine): operating fields, learning time and comment; copy (also
 * into another factory), create and paste components, delete. Cálculo VA is shown to
 * administrators only (AUTH-006); the criterion follows the update mode (CriterionField).
 * The assign actions (MACH-003) give every point the factory's default spectra, default VCVs
 * or bearing VCVs, with a message each (MACH-026); the alert list tab shows what they add.
 * 'Asociar VCO' (MACH-004, VCO-003), in the same menu, adds VCO/VCOVs, listed under the machine in the side-bar.
 * The equipment (MACH-013) follows the exclusivity rules; the title shows the device the
 * machine's actions go through (MACH-006). Monitor, learn and stop send the machine's
 * configuration (useSendConfiguration); the header's badge follows its delivery.
 */
export default function MachineEditor() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const admin = isAdmin(useMe().Tipos);
  const enums = useEnums();
  const required = { required: true, message: t('validation.required') };
  // The machine whose VCOs are being associated (the modal is open).
  const [associating, setAssociating] = useState<NodePath>();
  const feedback = useFeedback();
  const machineId = useEditorPath().machine ?? 0;
  const assign = useAssign(machineId);
  const configuration = useSendConfiguration(machineId);
  const yesNo = [
    { value: true, label: t('common.yes') },
    { value: false, label: t('common.no') },
  ];

  return (
    <>
      <NodeEditor<'machine', MachineValues>
        kind="machine"
        extraActions={({ path, node, form }) => [
          ...configuration.actions(
            () => ({ machine: node.UsuMaquinaID, kosSensor: !!node.KOSSensor, learningHours: form.getFieldValue('Horas') }),
            machineDevice(node)?.family,
          ),
          {
            key: 'assign',
            label: t('alarms.assign.menu'),
            items: [
              ...ASSIGN_ACTIONS.map(({ what, icon }) => ({
                key: `assign-${what}`,
                label: t(`alarms.assign.${what}`),
                icon,
                loading: assign.isPending && assign.variables === what,
                disabled: assign.isPending,
                run: () =>
                  assign.mutateAsync(what).then(
                    (answer) => feedback.success(t(`alarms.assigned.${what}`, { count: answer.Asignados })),
                    (error: unknown) => feedback.error(t(`alarms.assignFailed.${what}`), error),
                  ),
              })),
              // In the menu, not beside it: the toolbar keeps to one row at 1280 px in Spanish.
              { key: 'associate-vco', label: t('machineVco.associate'), icon: <LinkOutlined />, run: () => setAssociating(path) },
            ],
          },
        ]}
        moreInMenu
        toForm={toForm}
        toBody={(v, m) => toBody(v, m, admin)}
        fieldMap={{ TiempoAprendizaje: 'Dias', ExplicacionEn: 'ExplicacionEs', NombreEn: 'NombreEs' }}
        copyWarning={t('tree.messages.copyMachineWarning')}
        onValuesChange={onValuesChange}
        headerExtra={({ node }) => (
          <Space size={4}>
            <MachineDeviceTag machine={node} />
            <DeliveryBadge machine={node.UsuMaquinaID} name={node.NombreEs} />
            <MachineHistoryButton machine={node.UsuMaquinaID} name={node.NombreEs} />
          </Space>
        )}
      >
        {({ form, node }) => (
          <>
            <Section title={t('tree.sections.general')} />
            <FieldRow>
              <Field>
                <NameItem />
              </Field>
              <FieldItem size={QUARTER} name="Kw" label={t('tree.fields.machine.kw')} rules={decimalRules(t, KW, language)}>
                <DecimalInput unit={UNITS.power} inputMode="numeric" placeholder="0" />
              </FieldItem>
              <FieldItem size={QUARTER} name="Anclaje" label={t('tree.fields.machine.anchoring')}>
                <Select allowClear placeholder={t('tree.fields.none')} options={numericOptions(enums.data?.Anclaje, language)} loading={enums.isPending} />
              </FieldItem>
              <FieldItem size={QUARTER} name="Online" label={t('tree.fields.machine.online')} rules={[required]}>
                <Radio.Group options={yesNo} optionType="button" buttonStyle="solid" />
              </FieldItem>
              <FieldItem size={QUARTER} name="VelocidadVariable" label={t('tree.fields.machine.variableSpeed')} rules={[required]}>
                <Radio.Group options={yesNo} optionType="button" buttonStyle="solid" />
              </FieldItem>
              <Field>
                <CriterionField />
              </Field>
              {admin && (
                <Field>
                  <CalculationField />
                </Field>
              )}
            </FieldRow>

            <Section title={t('tree.sections.speeds')} />
            <Form.Item noStyle shouldUpdate={(a, b) => a.Actualizacion !== b.Actualizacion}>
              {() => {
                const enabled = speedFieldsEnabled(form.getFieldValue('Actualizacion'));
                return (
                  <FieldRow>
                    <FieldItem name="Actualizacion" label={t('tree.fields.machine.update')} rules={[required]}>
                      <Select options={enumOptions(enums.data?.Actualizacion, language)} loading={enums.isPending} />
                    </FieldItem>
                    <FieldItem
                      name="VelocidadMaxTrabajo"
                      label={t('tree.fields.machine.maxSpeed')}
                      dependencies={['VelocidadMinima', 'VelocidadVariable', 'Actualizacion']}
                      rules={[...decimalRules(t, MAX_SPEED, language), maxAboveMinRule(t)]}
                    >
                      <DecimalInput unit={UNITS.speed} placeholder={rangeHint(MAX_SPEED, language)} />
                    </FieldItem>
                    <SoftwareModeItem name="VelocidadMinima" label={t('tree.fields.machine.minSpeed')} spec={SPEED} unit={UNITS.speed} enabled={enabled} />
                    <SoftwareModeItem
                      name="AmplitudMinima1x"
                      label={t('tree.fields.machine.minAmplitude')}
                      spec={AMPLITUDE}
                      unit={UNITS.velocity}
                      enabled={enabled}
                    />
                  </FieldRow>
                );
              }}
            </Form.Item>

            <EquipmentBlock machine={node.UsuMaquinaID} />

            <Section title={t('tree.sections.learning')} />
            <FieldRow>
              <FieldItem size={THIRD} label={t('tree.fields.machine.learningTime')}>
                <Space.Compact block>
                  <Form.Item name="Dias" noStyle>
                    <InputNumber min={0} precision={0} style={{ width: '50%' }} suffix={t('tree.fields.machine.days')} aria-label={t('tree.fields.machine.days')} />
                  </Form.Item>
                  <Form.Item name="Horas" noStyle>
                    <InputNumber min={0} precision={0} style={{ width: '50%' }} suffix={t('tree.fields.machine.hours')} aria-label={t('tree.fields.machine.hours')} />
                  </Form.Item>
                </Space.Compact>
              </FieldItem>
            </FieldRow>

            <Form.Item name="ExplicacionEs" label={t('tree.fields.comment')} rules={[maxRule(t, 1000)]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
          </>
        )}
      </NodeEditor>
      {associating && <AssociateVcoModal path={associating} onClose={() => setAssociating(undefined)} />}
      {configuration.modals}
    </>
  );
}
