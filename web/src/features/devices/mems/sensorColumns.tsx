import { Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { PathText } from '../../../components/PathText';
import { assignmentPath } from '../equipment/adminTree';
import type { AdminTreeNode, Equipment, ModoMedicion } from '../equipment/api';
import { installationPath } from '../equipment/kinds';

/** Shown for an empty cell. */
export const NONE = <Typography.Text type="secondary">—</Typography.Text>;

/** A cell's path, or NONE. */
export const pathCell = (names: readonly string[] | undefined) => (names === undefined ? NONE : <PathText names={names} />);

/**
 * The columns of a KOS Sensor's row, the same wherever the sensors are listed (the KOS Sensor
 * page and the equipment's KOS Sensor tab): serial number, alias, measurement mode, order,
 * gateway, assignment and installation.
 */
export function kosSensorColumns(t: TFunction, language: string, gateways: ReadonlyMap<number, Equipment>, tree: readonly AdminTreeNode[]): TableColumnsType<Equipment> {
  return [
    // A serial is read whole: 'KS-0001' never breaks at its hyphen in a narrow window.
    { title: t('mems.serial'), dataIndex: 'NumeroSerie', onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
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
      // Wide enough for an alias such as 'Concentrador Centro Sur' on one line under the serial.
      width: 170,
      render: (_, s) => {
        const g = s.ConcentradorId == null ? undefined : gateways.get(s.ConcentradorId);
        if (!g) return NONE;
        // The serial on its own line, so that a long alias wraps beneath it rather than the row
        // growing a line for every word.
        const alias = (g.Alias ?? '').trim();
        return (
          <>
            {g.NumeroSerie}
            {alias && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {alias}
              </Typography.Text>
            )}
          </>
        );
      },
    },
    { title: t('mems.assignment'), key: 'assignment', width: 120, render: (_, s) => pathCell(assignmentPath(s.Asignacion, tree)) },
    { title: t('mems.installation'), key: 'installation', width: 140, render: (_, s) => pathCell(installationPath(s, language)) },
  ];
}
