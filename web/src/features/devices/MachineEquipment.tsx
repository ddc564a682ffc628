import { Checkbox, Form, Select, Tag, Tooltip } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Machine } from '../../api/types';
import { equipmentLabel } from './equipment/label';
import { deviceGuid, type DeviceRef, useDeviceLabel, useGatewayAlert10c, useMachineDevices } from './api';
import { equipmentEnabled, machineDevice, type EquipmentFields } from '../tree/machineRules';
import { FieldItem, FieldRow, Section } from '../tree/editors/fields';

/** One device select of the block: its field, whether the rules enable it, and the devices it offers. */
interface DeviceSelectProps {
  name: keyof EquipmentFields;
  label: string;
  enabled: boolean;
  loading: boolean;
  devices: readonly DeviceRef[] | undefined;
  notFound?: string;
}

/** A device select; `enabled` undefined rather than true so that the form's own disabled (read-only users) still applies. */
function DeviceSelect({ name, label, enabled, loading, devices, notFound }: DeviceSelectProps) {
  const { t } = useTranslation();
  return (
    <FieldItem name={name} label={label}>
      <Select
        allowClear
        disabled={enabled ? undefined : true}
        placeholder={t('machineEquipment.none')}
        loading={loading}
        notFoundContent={notFound}
        options={(devices ?? []).map((e) => ({ value: deviceGuid(e), label: equipmentLabel(e) }))}
      />
    </FieldItem>
  );
}

/**
 * The machine's equipment (MACH-013): gateway, KOS Alert 10, KOS Alert 10 G (the ones behind
 * the gateway chosen, reloaded when it changes: MACH-037) and the KOS Sensor flag, each
 * enabled as the exclusivity rules say (MACH-027..MACH-035). What a change clears is done by
 * the editor's onValuesChange (onEquipmentChange).
 */
export function EquipmentBlock({ machine }: { machine: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const state: EquipmentFields = {
    Online: Form.useWatch('Online', form),
    EquipoConcentrador: Form.useWatch('EquipoConcentrador', form),
    EquipoAlert10: Form.useWatch('EquipoAlert10', form),
    EquipoAlert10C: Form.useWatch('EquipoAlert10C', form),
    KOSSensor: Form.useWatch('KOSSensor', form),
  };
  const enabled = equipmentEnabled(state);
  const gateways = useMachineDevices('concentrator', machine);
  const alert10 = useMachineDevices('alert10', machine);
  const gateway = gateways.data?.find((g) => deviceGuid(g) === state.EquipoConcentrador);
  const behind = useGatewayAlert10c(gateway?.ID);
  const selects: DeviceSelectProps[] = [
    { name: 'EquipoConcentrador', label: t('machineEquipment.fields.gateway'), enabled: enabled.gateway, loading: gateways.isPending, devices: gateways.data },
    { name: 'EquipoAlert10', label: t('machineEquipment.fields.alert10'), enabled: enabled.alert10, loading: alert10.isPending, devices: alert10.data },
    {
      name: 'EquipoAlert10C',
      label: t('machineEquipment.fields.alert10c'),
      enabled: enabled.alert10c,
      loading: behind.isFetching,
      devices: behind.data,
      notFound: gateway ? t('machineEquipment.noneBehind') : t('machineEquipment.chooseGateway'),
    },
  ];

  return (
    <>
      <Section title={t('machineEquipment.section')} help={t('machineEquipment.help')} />
      <FieldRow>
        {selects.map((s) => (
          <DeviceSelect key={s.name} {...s} />
        ))}
        <FieldItem name="KOSSensor" label={t('machineEquipment.fields.digital')} valuePropName="checked">
          <Checkbox disabled={enabled.kosSensor ? undefined : true}>{t('machineEquipment.fields.kosSensor')}</Checkbox>
        </FieldItem>
      </FieldRow>
    </>
  );
}

/**
 * The device the machine's monitor, spectra and VCV actions go through (MACH-006): its family
 * and label, as stored. The actions themselves come with the configuration.
 */
export function MachineDeviceTag({ machine }: { machine: Machine }) {
  const { t } = useTranslation();
  const device = machineDevice(machine);
  const label = useDeviceLabel(machine.UsuMaquinaID, device);
  if (!device) return <Tag>{t('machineEquipment.noDevice')}</Tag>;
  const family = t(`machineEquipment.family.${device.family}`);
  return (
    <Tooltip title={t('machineEquipment.deviceHelp')}>
      <Tag color="geekblue" icon={<ApiOutlined />}>
        {label ? t('machineEquipment.deviceTag', { family, label }) : family}
      </Tag>
    </Tooltip>
  );
}
