import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Form, Result, Select, Tag } from 'antd';
import { ApiOutlined, DisconnectOutlined, LineChartOutlined, SaveOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Machine, MachineVco } from '../../api/types';
import { useFactory } from '../../app/factory';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { ChangedAlert, isChanged } from '../../components/ChangedAlert';
import { DecimalInput } from '../../components/DecimalInput';
import { useEditBase } from '../../components/useEditBase';
import { useLeaveGuard } from '../../components/useLeaveGuard';
import { VerticalForm } from '../../components/VerticalForm';
import { currentLanguage } from '../../i18n';
import { localName } from '../../i18n/names';
import { localDecimal } from '../../lib/decimal';
import { nodeQuery } from '../tree/api';
import { useDeviceLabel } from '../devices/api';
import { machineVcoQuery, machineVcosQuery, useMachineVcoMutations } from './api';
import { useFeedback } from '../tree/feedback';
import { VCO_ICON } from '../tree/icons';
import {
  STATE_FIELDS,
  STATE_VALUE,
  TACHO_CHANNEL,
  channelBody,
  channelForm,
  channelOptions,
  statesBody,
  statesForm,
  vcoFromSearch,
  vcoUnit,
  type ChannelValues,
  type StatesValues,
} from './machineVco';
import { alertDevice, type AlertDevice } from '../tree/machineRules';
import type { NodePath } from '../tree/model';
import { Field, FieldItem, FieldRow, QUARTER, Section, decimalRules, rangeHint } from '../tree/editors/fields';
import { EditorCard, EditorLoadError, EditorLoading, useCanEdit, useEditorPath } from '../tree/editors/NodeEditor';
import { AlarmModal } from '../alarms/AlarmModal';

/**
 * One of the page's forms, of `item`'s values: its fields in a row, disabled for read-only users,
 * and its own submit button (hidden for them) at the row's end, beside the fields it acts on.
 * The button runs `save` on the version the form shows (useEditBase) and says how it went:
 * `saved`, or `failed` with the server's reasons (a 422's on the fields). The stored values read
 * again (after a save, as the server keeps them) fill the form, unless values typed would go:
 * another user's change is then told, as is a save refused over it, and `reload` loads it.
 */
function PageForm<V extends object, T extends object>({
  name,
  item,
  formOf,
  reload,
  save,
  saved,
  failed,
  readOnly,
  submit,
  extra,
  onTyped,
  children,
}: {
  name: string;
  item: T;
  formOf: (item: T) => V;
  reload: () => Promise<T | undefined>;
  save: (values: V, base: T) => Promise<unknown>;
  saved: string;
  failed: string;
  readOnly: boolean;
  submit: { label: string; icon: ReactNode; loading: boolean };
  /** Another action of the form, after the submit button. */
  extra?: ReactNode;
  /** Whether the form holds values typed and not saved (the page asks before leaving them). */
  onTyped: (typed: boolean) => void;
  children: ReactNode;
}) {
  const [form] = Form.useForm<V>();
  const feedback = useFeedback();
  const { base = item, behind, adopt } = useEditBase(item, formOf, form);
  // A save was refused over another user's change; a save is under way, and then the values it
  // stored, as the server keeps them, are read (until then an answer read is not another user's).
  const [changed, setChanged] = useState(false);
  const [saving, setSaving] = useState(false);
  const loadCurrent = async () => {
    const current = await reload();
    if (current) adopt(current);
    setChanged(false);
    onTyped(false);
  };
  const onFinish = (values: V) => {
    setSaving(true);
    void save(values, base)
      .then(
        async () => {
          await loadCurrent();
          feedback.success(saved);
        },
        (error: unknown) => {
          setChanged(isChanged(error));
          // Another user's change is told by its alert, which offers the current values.
          if (isChanged(error)) feedback.error(failed);
          else feedback.formError(failed, error, form);
        },
      )
      .finally(() => setSaving(false));
  };
  return (
    <Flex vertical gap={16}>
      {(changed || (behind && !saving)) && <ChangedAlert onLoad={loadCurrent} />}
      <VerticalForm<V> form={form} name={name} initialValues={formOf(base)} onFinish={onFinish} onValuesChange={() => onTyped(true)} readOnly={readOnly} centred>
        <FieldRow>
          {children}
          {!readOnly && (
            <Field size={{ flex: 'none' }}>
              {/* An empty label keeps the buttons level with the fields under their labels. */}
              <Form.Item label=" " colon={false}>
                <Flex gap="small" wrap>
                  <Button type="primary" htmlType="submit" icon={submit.icon} loading={submit.loading}>
                    {submit.label}
                  </Button>
                  {extra}
                </Flex>
              </Form.Item>
            </Field>
          )}
        </FieldRow>
      </VerticalForm>
    </Flex>
  );
}

/**
 * The channel of a machine's VCO on the machine's alert device `device` (VCO-015, VCO-016,
 * VCO-018): a channel 1–10, or 11 for a tachometer.
 */
function ChannelForm({ path, vco, reload, device, readOnly, onTyped }: { path: NodePath; vco: MachineVco; reload: Reload; device: AlertDevice; readOnly: boolean; onTyped: Typed }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { channel, clearChannel } = useMachineVcoMutations(path);
  // API-152: a VCO on a channel can leave it, freeing the channel for another.
  const free = () =>
    void clearChannel.mutateAsync(vco.UsuVco_vId).then(
      () => feedback.success(t('machineVco.messages.channelCleared')),
      (error: unknown) => feedback.error(t('machineVco.messages.channelClearFailed'), error),
    );
  return (
    <PageForm<ChannelValues, MachineVco>
      name="machine-vco-channel"
      item={vco}
      formOf={(v) => channelForm(v, device)}
      reload={reload}
      onTyped={onTyped}
      save={(values) => channel.mutateAsync(channelBody(path.machine ?? 0, vco.UsuVco_vId, device, values))}
      saved={t('machineVco.messages.channelAssigned')}
      failed={t('machineVco.messages.channelFailed')}
      readOnly={readOnly}
      submit={{ label: t('machineVco.assignChannel'), icon: <ApiOutlined />, loading: channel.isPending }}
      extra={
        vco.Canal != null && (
          <Button icon={<DisconnectOutlined />} onClick={free} loading={clearChannel.isPending}>
            {t('machineVco.clearChannel')}
          </Button>
        )
      }
    >
      <FieldItem
        size={QUARTER}
        name="Canal"
        label={t('machineVco.fields.channel')}
        rules={[{ required: true, message: t('validation.required') }]}
        extra={vco.Tacometro ? t('machineVco.tachoChannel', { channel: TACHO_CHANNEL }) : undefined}
      >
        <Select options={channelOptions(vco.Tacometro).map((c) => ({ value: c, label: String(c) }))} />
      </FieldItem>
    </PageForm>
  );
}

/**
 * The states of a machine's VCO (VCO-012, VCO-018): three values. Their position is a constant
 * the request carries (VCO-017), not something the user reads or sets, so it is not shown.
 */
function StatesForm({ path, vco, reload, readOnly, onTyped }: { path: NodePath; vco: MachineVco; reload: Reload; readOnly: boolean; onTyped: Typed }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { states } = useMachineVcoMutations(path);
  const rules = decimalRules(t, STATE_VALUE, language);
  return (
    <PageForm<StatesValues, MachineVco>
      name="machine-vco-states"
      item={vco}
      formOf={statesForm}
      reload={reload}
      onTyped={onTyped}
      save={(values, base) => states.mutateAsync({ vco: vco.UsuVco_vId, body: statesBody(values), base })}
      saved={t('machineVco.messages.statesSaved')}
      failed={t('machineVco.messages.statesFailed')}
      readOnly={readOnly}
      submit={{ label: t('machineVco.saveStates'), icon: <SaveOutlined />, loading: states.isPending }}
    >
      {STATE_FIELDS.map((f) => (
        <FieldItem key={f} size={QUARTER} name={f} label={t(`machineVco.fields.${f}`)} rules={rules}>
          <DecimalInput unit={vcoUnit(vco)} placeholder={rangeHint(STATE_VALUE, language)} />
        </FieldItem>
      ))}
    </PageForm>
  );
}

/** Reads a machine's VCO again: its current version. */
type Reload = () => Promise<MachineVco | undefined>;
/** Tells whether a form of the page holds values typed and not saved. */
type Typed = (typed: boolean) => void;

/** The page of one associated VCO/VCOV, once loaded. */
function LoadedPage({ path, vco, reload, machine }: { path: NodePath; vco: MachineVco; reload: Reload; machine?: Machine }) {
  const { t } = useTranslation();
  const readOnly = !useCanEdit();
  const feedback = useFeedback();
  const { dissociate } = useMachineVcoMutations(path);
  const name = localName(vco, currentLanguage());
  const type = vco.Tipo.EnumTipoVcoID;
  // The channel is on the machine's own alert device (VCO-015).
  const device = machine && alertDevice(machine);
  const deviceLabel = useDeviceLabel(path.machine ?? 0, device);
  // The alarm edit modal of the VCO's states, with its chart (ALRM-056).
  const [charting, setCharting] = useState(false);
  // The forms holding values typed and not saved: leaving asks first (not once dissociated).
  const [typed, setTyped] = useState({ channel: false, states: false });
  useLeaveGuard((typed.channel || typed.states) && !dissociate.isPending);
  useDocumentTitle(`${t('machineVco.page')} · ${name}`);

  return (
    <EditorCard
      icon={VCO_ICON[type]}
      kind={t('machineVco.page')}
      name={name}
      actions={[
        {
          key: 'dissociate',
          label: t('machineVco.dissociate'),
          icon: <DisconnectOutlined />,
          danger: true,
          confirm: t('machineVco.dissociateConfirm'),
          confirmOk: t('machineVco.dissociateOk'),
          loading: dissociate.isPending,
          // VCO-008, VCO-009: the mutation goes to the machine's editor.
          run: () =>
            dissociate.mutateAsync(vco.UsuVco_vId).then(
              () => feedback.success(t('machineVco.messages.dissociated')),
              (error: unknown) => feedback.error(t('machineVco.messages.dissociateFailed'), error),
            ),
        },
      ]}
    >
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'machine', label: t('tree.kinds.machine'), children: machine?.NombreEs ?? '…' },
          {
            key: 'type',
            label: t('machineVco.fields.type'),
            children: (
              <Tag color={type === 'VCO' ? 'blue' : 'purple'} icon={VCO_ICON[type]}>
                {t(`vcvs.vcoTypes.${type}`)}
              </Tag>
            ),
          },
          { key: 'factor', label: t('machineVco.fields.factor'), children: localDecimal(vco.FactorConversion, currentLanguage()) },
          { key: 'tacho', label: t('machineVco.fields.tachometer'), children: vco.Tacometro ? t('common.yes') : t('common.no') },
          {
            key: 'device',
            label: t('machineVco.fields.device'),
            children: device ? t('machineEquipment.deviceTag', { family: t(`machineEquipment.family.${device.family}`), label: deviceLabel ?? '…' }) : machine ? '—' : '…',
          },
        ]}
      />
      <Section title={t('machineVco.sections.channel')} />
      {device ? (
        <ChannelForm path={path} vco={vco} reload={reload} device={device} readOnly={readOnly} onTyped={(channel) => setTyped((was) => ({ ...was, channel }))} />
      ) : (
        machine && <Alert type="warning" showIcon title={t('machineVco.noAlertDevice')} />
      )}
      <Section title={t('machineVco.sections.states')} />
      <Flex justify="flex-start">
        <Button icon={<LineChartOutlined />} onClick={() => setCharting(true)}>
          {t('precalc.modal.open')}
        </Button>
      </Flex>
      <StatesForm path={path} vco={vco} reload={reload} readOnly={readOnly} onTyped={(states) => setTyped((was) => ({ ...was, states }))} />
      {charting && <AlarmModal machine={path.machine ?? 0} subject={{ kind: 'vco', vco }} onClose={() => setCharting(false)} />}
    </EditorCard>
  );
}

/**
 * The page 'VCO/V de máquina' (/editor/machine-vco?site=&area=&machine=&vco=, S3 §2.10): a VCO
 * or VCOV associated to a machine, with its channel on the alert device, its states and the
 * 'Desasociar VCO' action. Read-only users see it without actions.
 */
export default function MachineVcoPage() {
  const { t } = useTranslation();
  const { factoryId = 0 } = useFactory();
  const path = useEditorPath();
  const [params] = useSearchParams();
  const vcoId = vcoFromSearch(params);
  const machine = path.machine ?? 0;
  const ready = factoryId > 0 && machine > 0 && vcoId !== undefined;
  const list = useQuery({ ...machineVcosQuery(factoryId, machine), enabled: ready });
  const machineNode = useQuery({ ...nodeQuery(factoryId, 'machine', machine), enabled: ready });
  const listed = useMemo(() => list.data?.find((v) => v.UsuVco_vId === vcoId), [list.data, vcoId]);
  // Its own read answers its version, which the states' save is based on.
  const item = useQuery({ ...machineVcoQuery(factoryId, machine, vcoId ?? 0), enabled: ready && listed !== undefined });
  const vco = listed && (item.data ?? listed);

  if (machine === 0 || vcoId === undefined) return <Result status="info" title={t('tree.editor.notSelected')} />;
  if (list.isPending) return <EditorLoading />;
  if (list.isError) return <EditorLoadError error={list.error} />;
  if (!vco) return <Result status="404" title={t('machineVco.notAssociated')} />;
  // Another VCO gives fresh forms.
  return <LoadedPage key={vco.UsuVco_vId} path={path} vco={vco} reload={async () => (await item.refetch()).data} machine={machineNode.data} />;
}
