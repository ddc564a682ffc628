import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldItem, FieldRow, Section } from '../tree/editors/fields';
import { equipmentLabel } from './equipment/label';
import { usePointSensors } from './api';

/**
 * The section of the point's KOS Sensor of a mode (EQP-034, EQP-035): the sensors the point may
 * use, valued by SensorGUID and labelled by serial number and alias (TREE-105, EQP-005); clearable.
 * A sensor installed on another point is shown there, disabled: a sensor is on one point only.
 */
export function MemsSensorSection({ point, mode, name }: { point: number; mode: 'protection' | 'prediction'; name: string }) {
  const { t } = useTranslation();
  const sensors = usePointSensors(point, mode);
  return (
    <>
      <Section title={t('pointMems.sensorSection')} />
      <FieldRow>
        <FieldItem name={name} label={t(`pointMems.sensor.${mode}`)}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('pointMems.noSensor')}
            notFoundContent={t('pointMems.noSensors')}
            loading={sensors.isPending}
            options={(sensors.data ?? []).map((s) => ({
              value: s.SensorGUID,
              label: s.InstaladoEn ? t('pointMems.installedAt', { label: equipmentLabel(s), place: s.InstaladoEn }) : equipmentLabel(s),
              disabled: !!s.InstaladoEn,
            }))}
          />
        </FieldItem>
      </FieldRow>
    </>
  );
}
