import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEquipmentChange, type AdminTreeNode, type Equipment, type EquipmentChange } from '../equipment/api';
import { assignmentBody, assignmentKey, pathTo } from '../equipment/adminTree';
import { equipmentLabel } from '../equipment/label';
import { MEMS_KIND } from './api';
import { NodePicker } from '../equipment/NodePicker';
import { SaveModal } from '../../../components/FormModal';

interface AssignValues {
  node?: string;
}

/**
 * 'Asignar' of a sensor: the node of `tree` it belongs to. ADMIN may also leave it without one
 * (unassigned); U_EDITOR moves it between the sites of their factories. Mounted while open.
 */
export function MemsAssignModal({
  sensor,
  admin,
  tree,
  loading,
  onClose,
}: {
  sensor: Equipment;
  admin: boolean;
  tree: readonly AdminTreeNode[];
  loading: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const change = useEquipmentChange();

  return (
    <SaveModal
      name="mems-assign"
      title={t('mems.assign.title', { label: equipmentLabel(sensor) })}
      save={change}
      request={({ node }: AssignValues): EquipmentChange => ({
        action: 'assign',
        kind: MEMS_KIND,
        id: sensor.ID,
        body: assignmentBody((node && pathTo(tree, node)) || []),
      })}
      saved={t('mems.assign.saved')}
      initialValues={{ node: assignmentKey(sensor.Asignacion) }}
      onClose={onClose}
    >
      <Form.Item
        name="node"
        label={t('mems.assign.node')}
        rules={admin ? [] : [{ required: true, message: t('validation.required') }]}
        extra={admin && <Typography.Text type="secondary">{t('mems.assign.unassignHint')}</Typography.Text>}
      >
        <NodePicker tree={tree} label={t('mems.assign.node')} empty={t(admin ? 'equipment.unassigned' : 'mems.assign.placeholder')} allowClear={admin} loading={loading} />
      </Form.Item>
    </SaveModal>
  );
}
