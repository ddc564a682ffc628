import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { editedEquipment, useEquipmentChange, type Equipment, type EquipmentChange } from '../equipment/api';
import { equipmentBody, formValues, EQUIPMENT_TEXT_MAX, MEASUREMENT_MODES, type EquipmentFormValues } from '../equipment/kinds';
import { equipmentLabel } from '../equipment/label';
import { MEMS_KIND } from './api';
import { SaveModal } from '../../../components/FormModal';

/** The highest order number a sensor may have on its gateway (the server's limit). */
const ORDER_MAX = 999;

/**
 * 'Editar' of a sensor, as it is when the modal opens: alias, order number and measurement mode; ADMIN also changes the serial
 * number and the gateway (U_EDITOR's body carries them unchanged). Mounted while open.
 */
export function MemsEditModal({
  sensor,
  admin,
  gateways,
  onClose,
}: {
  sensor: Equipment;
  admin: boolean;
  gateways: readonly Equipment[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const change = useEquipmentChange();
  const maxRule = { max: EQUIPMENT_TEXT_MAX, message: t('validation.maxLength', { max: EQUIPMENT_TEXT_MAX }) };

  return (
    <SaveModal
      name="mems"
      title={t('mems.edit.title', { label: equipmentLabel(sensor) })}
      save={change}
      edited={editedEquipment(MEMS_KIND, sensor)}
      request={(values: EquipmentFormValues, base): EquipmentChange => ({
        action: 'edit',
        kind: MEMS_KIND,
        id: sensor.ID,
        // The fields U_EDITOR does not see are sent as stored.
        body: equipmentBody(MEMS_KIND, { ...formValues(MEMS_KIND, base ?? sensor), ...values }),
        base,
      })}
      saved={t('mems.edit.saved')}
      initialValues={formValues(MEMS_KIND, sensor)}
      onClose={onClose}
    >
      {admin && (
        <Form.Item
          name="NumeroSerie"
          label={t('mems.serial')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }, maxRule]}
        >
          <Input count={{ show: true, max: EQUIPMENT_TEXT_MAX }} />
        </Form.Item>
      )}
      <Form.Item name="Alias" label={t('mems.alias')} rules={[maxRule]}>
        <Input count={{ show: true, max: EQUIPMENT_TEXT_MAX }} />
      </Form.Item>
      <Form.Item
        name="NumeroOrden"
        label={t('mems.order')}
        rules={[{ type: 'integer', min: 0, max: ORDER_MAX, message: t('mems.edit.orderRule', { max: ORDER_MAX }) }]}
      >
        <InputNumber min={0} max={ORDER_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="ModoMedicion" label={t('mems.mode')} rules={[{ required: true, message: t('validation.required') }]}>
        <Select options={MEASUREMENT_MODES.map((m) => ({ value: m, label: t(`mems.modes.${m}`) }))} />
      </Form.Item>
      {admin && (
        <Form.Item name="ConcentradorId" label={t('mems.gateway')}>
          <Select
            allowClear
            placeholder={t('mems.noGateway')}
            showSearch={{ optionFilterProp: 'label' }}
            options={gateways.map((g) => ({ value: g.ID, label: equipmentLabel(g) }))}
          />
        </Form.Item>
      )}
    </SaveModal>
  );
}
