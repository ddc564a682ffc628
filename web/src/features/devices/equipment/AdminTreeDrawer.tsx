import { useState, type Key, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Drawer, Empty, Flex, Form, Input, Select, Spin, Tree, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { describeError, useApiError } from '../../../app/useApiError';
import type es from '../../../i18n/es.json';
import { adminTreeQuery, useAdminTreeChange, type AdminTreeChange, type AdminTreeNode } from './api';
import { nodesOf } from './adminTree';
import { EQUIPMENT_TEXT_MAX } from './kinds';
import { adminTreeData, type AdminTreeOption } from './nodes';

/**
 * One of the panel's forms, its texts under equipment.tree.forms.<name>: its fields, and the
 * change its values make with the values its success message reads.
 */
function NodeForm<V extends object>({
  name,
  icon,
  toChange,
  children,
}: {
  name: keyof (typeof es)['equipment']['tree']['forms'];
  icon?: ReactNode;
  toChange: (values: V) => { change: AdminTreeChange; done: { name: string } | { factory: string; partner: string } };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const run = useAdminTreeChange();
  const onError = useApiError();
  return (
    <>
      <Divider />
      <Typography.Title level={5}>{t(`equipment.tree.forms.${name}.title`)}</Typography.Title>
      <Form<V>
        form={form}
        name={name}
        layout="vertical"
        autoComplete="off"
        onFinish={(values) => {
          const { change, done } = toChange(values);
          run.mutate(change, {
            onSuccess: () => {
              void message.success(t(`equipment.tree.forms.${name}.done`, done));
              form.resetFields();
            },
            onError: (error) => onError(error, form),
          });
        }}
      >
        {children}
        <Button htmlType="submit" icon={icon} loading={run.isPending}>
          {t(`equipment.tree.forms.${name}.submit`)}
        </Button>
      </Form>
    </>
  );
}

const options = (nodes: AdminTreeNode[]) => nodes.map((n) => ({ value: n.ID, label: n.Nombre }));

const keysOf = (data: AdminTreeOption[]): string[] => data.flatMap((n) => [n.key, ...keysOf(n.children)]);

/**
 * 'Árbol de administración': the distributors, partners, factories and sites that devices are
 * assigned to, and the forms that add a distributor, a partner under a distributor, and put a
 * factory under a partner (factories and sites themselves are made on their own screens).
 */
export function AdminTreeDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const tree = useQuery(adminTreeQuery);
  const nodes = tree.data ?? [];
  const data = adminTreeData(nodes);
  // Every node is open but those the user closed, so that a node just added shows at once.
  const [collapsed, setCollapsed] = useState<Key[]>([]);
  const distributors = nodesOf(nodes, 'DISTRIBUIDOR');
  const partners = nodesOf(nodes, 'SOCIO');
  const factories = nodesOf(nodes, 'FABRICA');
  const required = { required: true, message: t('validation.required') };
  const nameItem = (
    <Form.Item
      name="Nombre"
      label={t('equipment.tree.name')}
      rules={[
        { ...required, whitespace: true },
        { max: EQUIPMENT_TEXT_MAX, message: t('validation.maxLength', { max: EQUIPMENT_TEXT_MAX }) },
      ]}
    >
      <Input count={{ show: true, max: EQUIPMENT_TEXT_MAX }} />
    </Form.Item>
  );
  const nameOf = (list: AdminTreeNode[], id: number) => list.find((n) => n.ID === id)?.Nombre ?? '';

  return (
    <Drawer open onClose={onClose} size={480} title={t('equipment.tree.title')} closable={{ 'aria-label': t('equipment.tree.close') }}>
      {tree.isError && <Alert type="error" showIcon title={describeError(t, tree.error)} style={{ marginBottom: 16 }} />}
      {tree.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('equipment.tree.empty')} />
      ) : (
        <Tree
          aria-label={t('equipment.tree.title')}
          treeData={data}
          showIcon
          showLine
          expandedKeys={keysOf(data).filter((k) => !collapsed.includes(k))}
          onExpand={(open) => setCollapsed(keysOf(data).filter((k) => !open.includes(k)))}
          selectable={false}
          virtual={false}
        />
      )}

      <NodeForm<{ Nombre: string }>
        name="distributor"
        icon={<PlusOutlined />}
        toChange={(v) => ({ change: { action: 'distributor', Nombre: v.Nombre.trim() }, done: { name: v.Nombre.trim() } })}
      >
        {nameItem}
      </NodeForm>

      <NodeForm<{ Nombre: string; DistribuidorId: number }>
        name="partner"
        icon={<PlusOutlined />}
        toChange={(v) => ({
          change: { action: 'partner', Nombre: v.Nombre.trim(), DistribuidorId: v.DistribuidorId },
          done: { name: v.Nombre.trim() },
        })}
      >
        <Form.Item name="DistribuidorId" label={t('equipment.tree.types.DISTRIBUIDOR')} rules={[required]}>
          <Select placeholder={t('equipment.tree.choose')} options={options(distributors)} />
        </Form.Item>
        {nameItem}
      </NodeForm>

      <NodeForm<{ factoryId: number; SocioId: number }>
        name="factoryPartner"
        toChange={(v) => ({
          change: { action: 'factory', factoryId: v.factoryId, SocioId: v.SocioId },
          done: { factory: nameOf(factories, v.factoryId), partner: nameOf(partners, v.SocioId) },
        })}
      >
        <Form.Item name="factoryId" label={t('equipment.tree.types.FABRICA')} rules={[required]}>
          <Select placeholder={t('equipment.tree.choose')} options={options(factories)} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item name="SocioId" label={t('equipment.tree.types.SOCIO')} rules={[required]}>
          <Select placeholder={t('equipment.tree.choose')} options={options(partners)} />
        </Form.Item>
      </NodeForm>
    </Drawer>
  );
}
