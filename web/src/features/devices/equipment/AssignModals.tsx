// The row actions that pick something in a modal: a node of the admin tree, a responsible user,
// the gateway that replaces another. Each is mounted while open.
import type { ReactNode } from 'react';
import { Alert, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../api/types';
import { editedAssignment, useEquipmentChange, type AdminTreeNode, type Equipment, type EquipmentChange } from './api';
import type { Edited } from '../../../components/FormModal';
import { assignmentBody, assignmentKey, pathTo } from './adminTree';
import type { EquipmentKind } from './kinds';
import { equipmentLabel } from './label';
import { NodePicker } from './NodePicker';
import { SaveModal } from '../../../components/FormModal';

/**
 * The row actions that pick one value. Their texts are under equipment.<action> (title, field,
 * done) and their buttons' under equipment.actions.
 */
type PickAction = 'assign' | 'assignUser' | 'replace';

/**
 * The modal of `action` on the device `item`: one field, whose value `change` makes into the
 * request that OK sends (an edit of `edited`'s version, when it has one); then it says the
 * action's done text (with `doneValues` of the value chosen) and closes.
 */
function PickModal<V>({
  action,
  item,
  value,
  edited,
  required,
  danger,
  help,
  change,
  doneValues,
  onClose,
  children,
}: {
  action: PickAction;
  item: Equipment;
  value: V | undefined;
  edited?: Edited<object>;
  required?: boolean;
  danger?: boolean;
  help?: ReactNode;
  change: (value: V | undefined, base: object | undefined) => EquipmentChange;
  doneValues?: (value: V | undefined) => Record<string, string>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const run = useEquipmentChange();
  const label = equipmentLabel(item);
  return (
    <SaveModal
      title={t(`equipment.${action}.title`, { label })}
      okText={t(`equipment.actions.${action}`)}
      danger={danger}
      initialValues={{ value }}
      edited={edited}
      save={run}
      request={(values: { value?: V }, base) => change(values.value, base)}
      saved={(values) => t(`equipment.${action}.done`, { label, ...doneValues?.(values.value) })}
      onClose={onClose}
    >
      <Form.Item name="value" label={t(`equipment.${action}.field`)} rules={required ? [{ required: true, message: t('validation.required') }] : []}>
        {children}
      </Form.Item>
      {help}
    </SaveModal>
  );
}

/** 'Asignar': the node of the admin tree the device is assigned to, with its path (EQP-024, EQP-038). */
export function AssignModal({ kind, item, tree, onClose }: { kind: EquipmentKind; item: Equipment; tree: AdminTreeNode[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <PickModal<string>
      action="assign"
      item={item}
      value={assignmentKey(item.Asignacion)}
      edited={editedAssignment(kind, item)}
      help={
        <Alert
          type="info"
          showIcon
          title={t('equipment.assign.help')}
          description={kind.replaceable ? t('equipment.assign.followers') : undefined}
        />
      }
      change={(key, base) => ({
        action: 'assign',
        kind,
        id: item.ID,
        body: assignmentBody(key === undefined ? [] : (pathTo(tree, key) ?? [])),
        base,
      })}
      onClose={onClose}
    >
      <NodePicker tree={tree} label={t('equipment.assign.field')} empty={t('equipment.unassigned')} allowClear />
    </PickModal>
  );
}

/** 'Asignar usuario': the user responsible for the device (EQP-023). */
export function AssignUserModal({ item, users, onClose }: { item: Equipment; users: User[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <PickModal<number>
      action="assignUser"
      item={item}
      value={item.UsuarioId ?? undefined}
      required
      change={(userId) => ({ action: 'assignUser', id: item.ID, userId: userId as number })}
      onClose={onClose}
    >
      <Select<number>
        placeholder={t('equipment.assignUser.placeholder')}
        options={users.map((u) => ({ value: u.UsuarioID, label: `${u.Nombre} (${u.Login})` }))}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </PickModal>
  );
}

/** 'Sustituir': another, unused gateway takes this one's place (EQP-018). */
export function ReplaceGatewayModal({ item, gateways, onClose }: { item: Equipment; gateways: Equipment[]; onClose: () => void }) {
  const { t } = useTranslation();
  const labelOf = (id: number | undefined) => {
    const other = gateways.find((g) => g.ID === id);
    return other ? equipmentLabel(other) : '';
  };
  return (
    <PickModal<number>
      action="replace"
      item={item}
      value={undefined}
      required
      danger
      help={<Alert type="warning" showIcon title={t('equipment.replace.help')} />}
      change={(otherId) => ({ action: 'replace', id: item.ID, otherId: otherId as number })}
      doneValues={(otherId) => ({ other: labelOf(otherId) })}
      onClose={onClose}
    >
      <Select<number>
        placeholder={t('equipment.replace.placeholder')}
        options={gateways.filter((g) => g.ID !== item.ID).map((g) => ({ value: g.ID, label: equipmentLabel(g) }))}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </PickModal>
  );
}
