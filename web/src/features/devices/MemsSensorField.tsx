import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { equipmentLabel } from './equipment/label';
import { usePointSensors } from './api';

/**
 * The point's KOS Sensor of a mode (EQP-034, EQP-035): the sensors the point may use, valued
 * by SensorGUID and labelled by serial number and alias (TREE-105, EQP-005); clearable.
 */
export function MemsSensorField({ point, mode, name }: { point: number; mode: 'protection' | 'prediction'; name: string }) {
  const { t } = useTranslation();
  const sensors = usePointSensors(point, mode);
  return (
    <Form.Item name={name} label={t(`pointMems.sensor.${mode}`)}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('pointMems.noSensor')}
        notFoundContent={t('pointMems.noSensors')}
        loading={sensors.isPending}
        options={(sensors.data ?? []).map((s) => ({ value: s.SensorGUID, label: equipmentLabel(s) }))}
      />
    </Form.Item>
  );
}
