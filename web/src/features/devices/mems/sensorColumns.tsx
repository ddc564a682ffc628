import { Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { assignmentText } from '../equipment/adminTree';
import type { AdminTreeNode, Equipment, ModoMedicion } from '../equipment/api';
import { installationText } from '../equipment/kinds';
import { equipmentLabel } from '../equipment/label';

/** Shown for an empty cell. */
export const NONE = <Typography.Text type="secondary">—</Typography.Text>;

/**
 * The columns of a KOS Sensor's row, the same wherever the sensors are listed (the KOS Sensor
 * page and the equipment's KOS Sensor tab): serial number, alias, measurement mode, order,
 * gateway, assignment and installation.
 */
export function kosSensorColumns(t: TFunction, language: string, gateways: ReadonlyMap<number, Equipment>, tree: readonly AdminTreeNode[]): TableColumnsType<Equipment> {
  return [
    { title: t('mems.serial'), dataIndex: 'NumeroSerie' },
    { title: t('mems.alias'), dataIndex: 'Alias', render: (alias: string | null) => alias || NONE },
    {
      title: t('mems.mode'),
      dataIndex: 'ModoMedicion',
      render: (mode: ModoMedicion | null) => (mode ? <Tag color={mode === 'PROTECCION' ? 'blue' : 'purple'}>{t(`mems.modes.${mode}`)}</Tag> : NONE),
    },
    { title: t('mems.order'), dataIndex: 'NumeroOrden', align: 'end', render: (n: number | null) => n ?? NONE },
    {
      title: t('mems.gateway'),
      key: 'gateway',
      render: (_, s) => {
        const g = s.ConcentradorId == null ? undefined : gateways.get(s.ConcentradorId);
        return g ? equipmentLabel(g) : NONE;
      },
    },
    { title: t('mems.assignment'), key: 'assignment', render: (_, s) => assignmentText(s.Asignacion, tree) ?? NONE },
    { title: t('mems.installation'), key: 'installation', render: (_, s) => installationText(s, language) ?? NONE },
  ];
}
