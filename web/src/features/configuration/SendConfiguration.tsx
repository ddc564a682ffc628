import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Flex, Modal, Spin, Typography } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ClusterOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Action } from '../../components/ActionBar';
import { useMe } from '../../app/auth';
import { useFeedback } from '../tree/feedback';
import type { DeviceFamily } from '../tree/machineRules';
import { configurationCalls, maxOrder, MODES, useDelivery, useGenerate, type Generated, type InstalledSensor, type Mode } from './api';

const ICONS: Record<Mode, ReactNode> = { monitor: <PlayCircleOutlined />, learn: <ExperimentOutlined />, stop: <PauseCircleOutlined /> };

/** The monitor action shows the device it goes through (MACH-006): alert device, alert device G or gateway. */
const MONITOR_ICON: Record<DeviceFamily, ReactNode> = { ALERT10: <DashboardOutlined />, ALERT10C: <ClusterOutlined />, GATEWAY: <WifiOutlined /> };

/** What sending needs to know of the machine as the editor holds it. */
export interface SendTarget {
  machine: number;
  /** Measured by KOS Sensors: their order numbers are checked first (MACH-061, MACH-062). */
  kosSensor: boolean;
  /** The learning time's hours box as typed: learning needs it (MACH-072). */
  learningHours: number | null | undefined;
}

const sensorLines = (sensors: InstalledSensor[]) => (
  <ul className="vigia-rows">
    {sensors.map((s) => (
      <li key={s.NumeroSerie}>{s.Alias ? `${s.NumeroSerie} (${s.Alias})` : s.NumeroSerie}</li>
    ))}
  </ul>
);

/**
 * The machine editor's configuration actions (MACH-002, MACH-051): monitor, learn and stop.
 * Stopping warns that the device will not look for a new configuration for 6 hours (MACH-059);
 * a KOS Sensor machine's order numbers are checked first (MACH-061..064); while the server
 * generates and checks, 'Esperando informe' shows (MACH-052, MACH-053), then the report with a
 * tick or a cross per section (MACH-054).
 */
export function useSendConfiguration(machine: number) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const me = useMe();
  const generate = useGenerate(machine);
  const delivery = useDelivery(machine);
  const [report, setReport] = useState<Generated>();

  // A question (with cancelText) answers whether it was accepted; a notice, only closed, answers false.
  const confirm = (title: string, content: ReactNode, okText: string, cancelText?: string) =>
    new Promise<boolean>((resolve) =>
      (cancelText ? modal.confirm : modal.warning)({ title, content, okText, cancelText, onOk: () => resolve(!!cancelText), onCancel: () => resolve(false) }),
    );

  const send = async (mode: Mode, target: SendTarget) => {
    if (mode === 'learn' && (target.learningHours === null || target.learningHours === undefined)) {
      feedback.error(t('configuration.learningTime'));
      return;
    }
    if (mode === 'stop' && !(await confirm(t('configuration.stop.title'), t('configuration.stop.warning'), t('configuration.stop.ok'), t('common.cancel')))) return;
    const max = maxOrder(delivery.data?.MaximoOrden ?? 32);
    if (target.kosSensor) {
      const sensors = await configurationCalls.sensorOrders(me.UsuarioID, target.machine);
      const above = sensors.filter((s) => (s.NumeroOrden ?? 0) > max);
      if (above.length > 0) {
        await confirm(t('configuration.orders.above'), sensorLines(above), t('configuration.orders.accept'));
        return;
      }
      const zero = sensors.filter((s) => s.NumeroOrden === 0);
      if (zero.length > 0 && !(await confirm(t('configuration.orders.zero'), sensorLines(zero), t('common.yes'), t('common.no')))) return;
    }
    try {
      setReport(await generate.mutateAsync({ Modo: MODES[mode], MaximoOrden: target.kosSensor ? max : undefined }));
    } catch (error) {
      feedback.error(t('configuration.failed'), error);
    }
  };

  /** The three actions for the machine's device family; target is read when one is pressed (the form as it is then). */
  const actions = (target: () => SendTarget, family?: DeviceFamily): Action[] =>
    (Object.keys(MODES) as Mode[]).map((mode) => ({
      key: `configuration-${mode}`,
      label: t(`configuration.actions.${mode}`),
      icon: mode === 'monitor' && family ? MONITOR_ICON[family] : ICONS[mode],
      loading: generate.isPending && generate.variables?.Modo === MODES[mode],
      disabled: generate.isPending && generate.variables?.Modo !== MODES[mode],
      run: () => send(mode, target()),
    }));

  const modals = (
    <>
      <Modal open={generate.isPending} title={t('configuration.waiting')} closable={false} mask={{ closable: false }} footer={null} destroyOnHidden>
        <Flex align="center" gap="middle">
          <Spin />
          <Typography.Text>{t('configuration.waitingHelp')}</Typography.Text>
        </Flex>
      </Modal>
      {report && <ReportModal report={report} onClose={() => setReport(undefined)} />}
    </>
  );
  return { actions, modals };
}

/** A report section shows this many errors at first: a machine without reference values has one per item, point and condition. */
const SHOWN_ERRORS = 5;

/** A section's errors, the first SHOWN_ERRORS of them until the user asks for the rest (never one alone). */
function SectionErrors({ errors }: { errors: Generated['Secciones'][number]['Errores'] }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all || errors.length <= SHOWN_ERRORS + 1 ? errors : errors.slice(0, SHOWN_ERRORS);
  const hidden = errors.length - shown.length;
  return (
    <>
      {shown.map((e) => (
        <Typography.Text key={`${e.code}-${e.message}`} type="danger" style={{ paddingInlineStart: 22 }}>
          {e.message}
        </Typography.Text>
      ))}
      {hidden > 0 && (
        <Button type="link" size="small" onClick={() => setAll(true)} style={{ alignSelf: 'flex-start', paddingInlineStart: 22 }}>
          {t('configuration.moreErrors', { count: hidden })}
        </Button>
      )}
    </>
  );
}

/** 'Informe tras enviar configuración': each section with a tick or a cross and its errors (MACH-054, MACH-055). */
export function ReportModal({ report, onClose }: { report: Generated; onClose: () => void }) {
  const { t } = useTranslation();
  const tooShort = report.Secciones.flatMap((s) => s.Errores).find((e) => e.code === 'criterion_times');
  return (
    <Modal open title={t('configuration.report')} onCancel={onClose} onOk={onClose} cancelButtonProps={{ style: { display: 'none' } }} width={640}>
      {tooShort && <Alert type="error" showIcon title={tooShort.message} style={{ marginBottom: 12 }} />}
      <Alert
        type={report.Publicada ? 'success' : 'warning'}
        showIcon
        title={report.Publicada ? t('configuration.published', { version: report.Version }) : t('configuration.notPublished')}
        style={{ marginBottom: 12 }}
      />
      <ul className="vigia-rows">
        {report.Secciones.map((s) => (
          <li key={s.Nombre}>
            <Flex vertical gap={2}>
              <Flex gap="small" align="center" data-section={s.Nombre} data-ok={s.OK}>
                {s.OK ? <CheckCircleFilled style={{ color: '#52c41a' }} aria-label="OK" /> : <CloseCircleFilled style={{ color: '#ff4d4f' }} aria-label="Error" />}
                <Typography.Text strong>{t(`configuration.sections.${s.Nombre}`, { defaultValue: s.Nombre })}</Typography.Text>
              </Flex>
              <SectionErrors errors={s.Errores} />
            </Flex>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
