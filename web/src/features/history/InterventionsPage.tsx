import { useState } from 'react';
import { DatePicker, Empty, Flex, Form, Input, Result, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DAY_TIME_FORMAT } from '../../app/dates';
import { FormModal } from '../../components/FormModal';
import { ConfirmRowAction, RowAction, buttonColumn } from '../../components/RowAction';
import { currentLanguage } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { EditorCard, EditorLoadError, EditorLoading, useCanEdit, useTabNode } from '../tree/editors/NodeEditor';
import { useFeedback } from '../tree/feedback';
import { KIND_ICON } from '../tree/icons';
import { TEXT_MAX, interventionBody, textProblem, type Intervention, type InterventionForm } from './interventions';
import { useChangeIntervention, useInterventions } from './interventionsApi';

/** The add or edit form of an intervention: its date and time, and its text (required, up to 1000 characters). */
function InterventionModal({ machine, editing, onClose }: { machine: number; editing?: Intervention; onClose: () => void }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<InterventionForm>();
  const change = useChangeIntervention(machine);
  const save = (values: InterventionForm) =>
    change.mutateAsync({ action: 'save', id: editing?.UsuIntervencionID, body: interventionBody(values.Fecha ?? dayjs(), values.Texto ?? '') }).then(
      () => {
        feedback.success(t(editing ? 'interventions.saved' : 'interventions.added'));
        onClose();
      },
      (error: unknown) => feedback.formError(t('interventions.saveFailed'), error, form),
    );
  return (
    <FormModal<InterventionForm>
      form={form}
      name="intervention"
      title={t(editing ? 'interventions.edit' : 'interventions.add')}
      pending={change.isPending}
      width={600}
      initialValues={{ Fecha: editing ? dayjs(editing.Fecha) : dayjs().second(0).millisecond(0), Texto: editing?.Texto ?? '' }}
      onFinish={save}
      onClose={onClose}
    >
      <Form.Item name="Fecha" label={t('interventions.fields.date')} rules={[{ required: true, message: t('interventions.invalid.date') }]}>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format={DAY_TIME_FORMAT}
          allowClear={false}
          style={{ width: 220 }}
          // Enter takes the date typed; it does not save the form as well.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
      </Form.Item>
      <Form.Item
        name="Texto"
        label={t('interventions.fields.text')}
        required
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = textProblem(value);
              return problem ? Promise.reject(new Error(t(`interventions.invalid.${problem}`, { max: TEXT_MAX }))) : Promise.resolve();
            },
          },
        ]}
      >
        <Input.TextArea rows={5} maxLength={TEXT_MAX} showCount placeholder={t('interventions.placeholder')} />
      </Form.Item>
    </FormModal>
  );
}

/**
 * The machine wrapper's 'interventions' tab: the work done on the machine (date, text,
 * author), newest first; ADMIN and U_EDITOR users add, edit and delete them (a delete asks
 * first). Read-only users see the list. They are the marks of the machine's history charts.
 */
export default function InterventionsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { id: machine, node } = useTabNode('machine', t('interventions.tab'));
  const list = useInterventions(machine);
  const change = useChangeIntervention(machine);
  const canEdit = useCanEdit();
  const feedback = useFeedback();
  // The form open: a new intervention (null) or the one edited.
  const [editing, setEditing] = useState<Intervention | null>();

  if (machine === 0) return <Result status="info" title={t('tree.editor.notSelected')} />;
  if (node.isPending || list.isPending) return <EditorLoading />;
  if (node.isError || list.isError) return <EditorLoadError error={node.error ?? list.error} />;

  const remove = (row: Intervention) =>
    change.mutateAsync({ action: 'delete', id: row.UsuIntervencionID }).then(
      () => feedback.success(t('interventions.deleted')),
      (error: unknown) => feedback.error(t('interventions.deleteFailed'), error),
    );

  const columns: TableColumnsType<Intervention> = [
    {
      key: 'date',
      title: t('interventions.columns.date'),
      width: 170,
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.Fecha, language)}</span>,
    },
    { key: 'text', title: t('interventions.columns.text'), render: (_, row) => <span style={{ whiteSpace: 'pre-line' }}>{row.Texto}</span> },
    { key: 'author', title: t('interventions.columns.author'), dataIndex: 'Autor', width: 180 },
  ];
  if (canEdit) {
    columns.push(
      buttonColumn('actions', t('common.actions'), 84, (row) => (
        <Flex gap={4} justify="center">
          <RowAction label={t('interventions.edit')} icon={<EditOutlined />} onClick={() => setEditing(row)} />
          <ConfirmRowAction
            label={t('interventions.delete')}
            icon={<DeleteOutlined />}
            danger
            confirm={t('interventions.deleteConfirm')}
            okText={t('interventions.delete')}
            onConfirm={() => remove(row)}
            loading={change.isPending && change.variables?.action === 'delete' && change.variables.id === row.UsuIntervencionID}
          />
        </Flex>
      )),
    );
  }

  return (
    <EditorCard
      icon={KIND_ICON.machine}
      kind={t('interventions.tab')}
      name={node.data.NombreEs}
      actions={[{ key: 'add', label: t('interventions.add'), icon: <PlusOutlined />, primary: true, run: () => setEditing(null) }]}
    >
      <Typography.Text type="secondary">{t('interventions.help')}</Typography.Text>
      <Table<Intervention>
        size="small"
        rowKey="UsuIntervencionID"
        columns={columns}
        dataSource={list.data}
        pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('interventions.empty')} /> }}
      />
      {editing !== undefined && <InterventionModal machine={machine} editing={editing ?? undefined} onClose={() => setEditing(undefined)} />}
    </EditorCard>
  );
}
