// The row actions that pick something in a modal: a node of the admin tree, a responsible user,
// the gateway that replaces another. Each is mounted while open.
import type { ReactNode } from 'react';
import { Alert, Form, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../api/types';
import { useEquipmentChange, type AdminTreeNode, type Equipment, type EquipmentChange } from './api';
import { assignmentBody, assignmentKey, pathTo } from './adminTree';
import type { EquipmentKind } from './kinds';
import { equipmentLabel } from './label';
import { adminTreeData } from './nodes';
import { FormModal, useCloseOnSave } from '../../../components/FormModal';

/** A modal with one field that runs `change` on OK, says `done` and closes. */
function PickModal<V>({
  title,
  label,
  help,
  value,
  required,
  okText,
  danger,
  change,
  done,
  onClose,
  children,
}: {
  title: string;
  label: string;
  help?: ReactNode;
  value: V | undefined;
  required?: boolean;
  okText: string;
  danger?: boolean;
  change: (value: V | undefined) => EquipmentChange;
  /** The success message, from the value chosen. */
  done: (value: V | undefined) => string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ value?: V }>();
  const run = useEquipmentChange();
  const closeOnSave = useCloseOnSave(form, onClose);
  return (
    <FormModal
      form={form}
      title={title}
      okText={okText}
      pending={run.isPending}
      danger={danger}
      initialValues={{ value }}
      onFinish={(values) => run.mutate(change(values.value), closeOnSave(done(values.value)))}
      onClose={onClose}
    >
      <Form.Item name="value" label={label} rules={required ? [{ required: true, message: t('validation.required') }] : []}>
        {children}
      </Form.Item>
      {help}
    </FormModal>
  );
}

/** 'Asignar': the node of the admin tree the device is assigned to, with its path (EQP-024, EQP-038). */
export function AssignModal({
  kind,
  item,
  tree,
  onClose,
}: {
  kind: EquipmentKind;
  item: Equipment;
  tree: AdminTreeNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = equipmentLabel(item);
  return (
    <PickModal<string>
      title={t('equipment.assign.title', { label })}
      label={t('equipment.assign.node')}
      help={
        <Alert
          type="info"
          showIcon
          title={t('equipment.assign.help')}
          description={kind.replaceable ? t('equipment.assign.followers') : undefined}
        />
      }
      value={assignmentKey(item.Asignacion)}
      okText={t('equipment.actions.assign')}
      change={(key) => ({
        action: 'assign',
        kind,
        id: item.ID,
        body: assignmentBody(key === undefined ? [] : (pathTo(tree, key) ?? [])),
      })}
      done={() => t('equipment.assign.done', { label })}
      onClose={onClose}
    >
      <TreeSelect
        treeData={adminTreeData(tree)}
        treeNodeLabelProp="label"
        treeIcon
        treeDefaultExpandAll
        allowClear
        showSearch
        treeNodeFilterProp="title"
        placeholder={t('equipment.unassigned')}
        virtual={false}
      />
    </PickModal>
  );
}

/** 'Asignar usuario': the user responsible for the device (EQP-023). */
export function AssignUserModal({ item, users, onClose }: { item: Equipment; users: User[]; onClose: () => void }) {
  const { t } = useTranslation();
  const label = equipmentLabel(item);
  return (
    <PickModal<number>
      title={t('equipment.assignUser.title', { label })}
      label={t('equipment.assignUser.user')}
      value={item.UsuarioId ?? undefined}
      required
      okText={t('equipment.actions.assignUser')}
      change={(userId) => ({ action: 'assignUser', id: item.ID, userId: userId as number })}
      done={() => t('equipment.assignUser.done', { label })}
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
export function ReplaceGatewayModal({
  item,
  gateways,
  onClose,
}: {
  item: Equipment;
  gateways: Equipment[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = equipmentLabel(item);
  return (
    <PickModal<number>
      title={t('equipment.replace.title', { label })}
      label={t('equipment.replace.other')}
      help={<Alert type="warning" showIcon title={t('equipment.replace.help')} />}
      value={undefined}
      required
      okText={t('equipment.actions.replace')}
      danger
      change={(otherId) => ({ action: 'replace', id: item.ID, otherId: otherId as number })}
      done={(otherId) => {
        const other = gateways.find((g) => g.ID === otherId);
        return t('equipment.replace.done', { label, other: other ? equipmentLabel(other) : '' });
      }}
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
