import { useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Flex, Form, Result, Select, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT } from '../../app/dates';
import { currentLanguage } from '../../i18n';
import { useMachineAlarms } from '../assoc/api';
import { EditorLoadError, EditorLoading, EditorTitle, useCanEdit, useEditorPath, useTabNode } from '../tree/editors/NodeEditor';
import { useFeedback } from '../tree/feedback';
import { KIND_ICON } from '../tree/icons';
import { useClean, useCleaningCount, type CleaningLevel, type CleaningQuery } from './api';
import { cleaningChoices, type Choice } from './history';

const DAY = 'YYYY-MM-DD';

/** A machine's narrowings, in the order each clears the ones after it. */
const NARROWINGS = ['point', 'item', 'condition'] as const;
type Narrowed = Partial<Record<(typeof NARROWINGS)[number], number>>;

/** A select that narrows the cleaning to one of its options, or none of them (all). */
function Narrowing(props: { label: string; all: string; options: Choice[]; value?: number; onChange: (v?: number) => void }) {
  return (
    <Form.Item label={props.label} style={{ marginBottom: 0 }}>
      <Select allowClear placeholder={props.all} aria-label={props.label} options={props.options} value={props.value} onChange={props.onChange} />
    </Form.Item>
  );
}

/**
 * The data-cleaning tab of the site, area and machine wrappers (TREE-001, TREE-003,
 * TREE-004): the measured values of a period below the node — on a machine, optionally of one
 * point, one VCV or VCP and one condition — counted as they are chosen and deleted at once
 * after a confirmation. Read-only users see the count without the action.
 */
export default function DataCleaningPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const path = useEditorPath();
  const level: CleaningLevel = path.machine !== undefined ? 'machine' : path.area !== undefined ? 'area' : 'site';
  const { id, node } = useTabNode(level, t('history.cleaning.tab'));
  const alarms = useMachineAlarms(level === 'machine' ? id : 0);
  const canEdit = useCanEdit();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(30, 'day'), dayjs()]);
  const [narrowed, setNarrowed] = useState<Narrowed>({});
  const { point, item, condition } = narrowed;
  const query: CleaningQuery = {
    FechaInicio: range[0].format(DAY),
    FechaFin: range[1].format(DAY),
    ...(point !== undefined && { UsuPuntoId: point }),
    ...(item !== undefined && { UsuAsociacionID: item }),
    ...(condition !== undefined && { UsuCondicionId: condition }),
  };
  const count = useCleaningCount(level, id, query);
  const clean = useClean(level, id);

  if (id === 0) return <Result status="info" title={t('tree.editor.notSelected')} />;
  if (node.isPending) return <EditorLoading />;
  if (node.isError) return <EditorLoadError error={node.error} />;

  const n = count.data ?? 0;
  const formatted = n.toLocaleString(currentLanguage());
  const choices = cleaningChoices(alarms.data ?? [], point, item);
  // On a machine the cleaning narrows to a point, an item of it and a condition: a choice clears
  // the ones after it, whose options it changes.
  const narrowings = [
    { label: t('history.cleaning.point'), all: t('history.cleaning.allPoints'), options: choices.points, value: point },
    { label: t('history.cleaning.item'), all: t('history.cleaning.allItems'), options: choices.items, value: item },
    { label: t('history.cleaning.condition'), all: t('history.cleaning.allConditions'), options: choices.conditions, value: condition },
  ];
  const choose = (i: number, value?: number) =>
    setNarrowed({ ...Object.fromEntries(NARROWINGS.slice(0, i).map((k) => [k, narrowed[k]])), [NARROWINGS[i]]: value });
  // The confirmation restates what goes: the node, the period and the narrowings chosen.
  const what = [
    { label: t(`tree.kinds.${level}`), message: node.data.NombreEs },
    { label: t('history.cleaning.period'), message: `${range[0].format(DAY_FORMAT)} – ${range[1].format(DAY_FORMAT)}` },
    ...narrowings.flatMap((c) => {
      const option = c.options.find((o) => o.value === c.value);
      return option ? [{ label: c.label, message: option.label }] : [];
    }),
  ];
  const confirm = () =>
    modal.confirm({
      title: t('history.cleaning.confirmTitle'),
      content: (
        <Flex vertical gap={8}>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {what.map((w) => (
              <li key={w.label}>{t('common.labelled', w)}</li>
            ))}
          </ul>
          {t('history.cleaning.confirm', { count: n, formatted })}
        </Flex>
      ),
      okText: t('history.cleaning.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        clean.mutateAsync(query).then(
          (deleted) => feedback.success(t('history.cleaning.deleted', { count: deleted, formatted: deleted.toLocaleString(currentLanguage()) })),
          (error: unknown) => feedback.error(t('history.cleaning.failed'), error),
        ),
    });

  return (
    <Card title={<EditorTitle icon={KIND_ICON[level]} kind={t('history.cleaning.tab')} name={node.data.NombreEs} />} styles={{ header: { paddingBlock: 12 } }}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t(`history.cleaning.help.${level}`)}</Typography.Text>
        {!canEdit && <Alert type="info" showIcon title={t('history.cleaning.readOnly')} />}
        <Form layout="vertical" component="div">
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 16 }}>
            <Form.Item label={t('history.cleaning.period')} style={{ marginBottom: 0 }}>
              <DatePicker.RangePicker
                style={{ width: '100%' }}
                value={range}
                allowClear={false}
                format={DAY_FORMAT}
                disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
                aria-label={t('history.cleaning.period')}
              />
            </Form.Item>
            {level === 'machine' &&
              narrowings.map((narrowing, i) => <Narrowing key={narrowing.label} {...narrowing} onChange={(v) => choose(i, v)} />)}
          </div>
        </Form>
        {count.isError ? (
          <EditorLoadError error={count.error} />
        ) : (
          <Alert
            // A warning of what a delete would take, to those who can delete.
            type={n > 0 && canEdit ? 'warning' : 'info'}
            showIcon
            role="status"
            title={count.isPending ? t('history.cleaning.counting') : t('history.cleaning.count', { count: n, formatted })}
          />
        )}
        {canEdit && (
          <Flex justify="end">
            <Button danger type="primary" icon={<DeleteOutlined />} disabled={n === 0 || count.isFetching} loading={clean.isPending} onClick={confirm}>
              {t('history.cleaning.delete')}
            </Button>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
