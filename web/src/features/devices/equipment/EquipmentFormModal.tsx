import { App, Flex, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { editedEquipment, useEquipmentChange, type Equipment } from './api';
import {
  EQUIPMENT_TEXT_MAX,
  MEASUREMENT_MODES,
  ORDER_MAX,
  equipmentBody,
  formValues,
  type EquipmentFormValues,
  type EquipmentKind,
} from './kinds';
import { equipmentLabel } from './label';
import { FormModal } from '../../../components/FormModal';

/**
 * Registers (no `item`) or edits a device of `kind`, as it is when the modal opens. A registration answers the device's token,
 * handed to `onRegistered` to be shown once; an edit just closes. Mounted while open.
 */
export function EquipmentFormModal({
  kind,
  item,
  gateways,
  onClose,
  onRegistered,
}: {
  kind: EquipmentKind;
  item?: Equipment;
  /** The gateways a device of this kind may sit behind. */
  gateways: Equipment[];
  onClose: () => void;
  onRegistered: (label: string, token: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<EquipmentFormValues>();
  const change = useEquipmentChange();
  const registering = item === undefined;
  const required = { required: true, message: t('validation.required') };
  const maxRule = { max: EQUIPMENT_TEXT_MAX, message: t('validation.maxLength', { max: EQUIPMENT_TEXT_MAX }) };

  const submit = (values: EquipmentFormValues, base: Equipment | undefined) => {
    const body = equipmentBody(kind, values);
    const label = equipmentLabel(body);
    return change.mutateAsync(registering ? { action: 'register', kind, body } : { action: 'edit', kind, id: item.ID, body, base }).then((answer) => {
      if (registering && answer?.Token) {
        void message.success(t('equipment.registered', { label }));
        onRegistered(label, answer.Token);
      } else {
        void message.success(t('equipment.saved', { label }));
        onClose();
      }
    });
  };

  return (
    <FormModal<EquipmentFormValues, Equipment>
      form={form}
      name="equipment"
      title={
        registering
          ? t('equipment.registerTitle', { kind: t(`equipment.kind.${kind.key}`) })
          : t('equipment.editTitle', { label: equipmentLabel(item) })
      }
      okText={registering ? t('equipment.register') : t('common.save')}
      pending={change.isPending}
      initialValues={formValues(kind, item)}
      edited={item && editedEquipment(kind, item)}
      onFinish={submit}
      onClose={onClose}
    >
      <Form.Item name="NumeroSerie" label={t('equipment.fields.serial')} rules={[{ ...required, whitespace: true }, maxRule]}>
        <Input count={{ show: true, max: EQUIPMENT_TEXT_MAX }} />
      </Form.Item>
      <Form.Item name="Alias" label={t('equipment.fields.alias')} rules={[maxRule]}>
        <Input count={{ show: true, max: EQUIPMENT_TEXT_MAX }} />
      </Form.Item>
      {kind.gateway !== 'none' && (
        <Form.Item
          name="ConcentradorId"
          label={t('equipment.fields.gateway')}
          rules={kind.gateway === 'required' ? [required] : []}
        >
          <Select<number>
            allowClear={kind.gateway === 'optional'}
            placeholder={kind.gateway === 'required' ? t('equipment.gatewayPlaceholder') : t('equipment.noGateway')}
            options={gateways.map((g) => ({ value: g.ID, label: equipmentLabel(g) }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      )}
      {kind.sensor && (
        <Flex gap={16} wrap>
          <Form.Item name="ModoMedicion" label={t('equipment.fields.mode')} rules={[required]} style={{ flex: '1 1 200px' }}>
            <Select options={MEASUREMENT_MODES.map((m) => ({ value: m, label: t(`equipment.modes.${m}`) }))} />
          </Form.Item>
          <Form.Item
            name="NumeroOrden"
            label={t('equipment.fields.order')}
            rules={[{ type: 'integer', min: 0, max: ORDER_MAX, message: t('equipment.orderRule', { max: ORDER_MAX }) }]}
            style={{ flex: '1 1 160px' }}
          >
            <InputNumber min={0} max={ORDER_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
      )}
    </FormModal>
  );
}
