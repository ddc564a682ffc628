import { useState } from 'react';
import { Button, Descriptions, Flex, Form, Modal, Tag, Typography } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { MachineVco } from '../../api/types';
import { DecimalInput } from '../../components/DecimalInput';
import { currentLanguage } from '../../i18n';
import { localName } from '../../i18n/names';
import { decimalText, parseDecimal, thousandthsText, toThousandths } from '../../lib/decimal';
import { UNITS } from '../../lib/units';
import { conditionName, directionLabel, referenceUnit } from '../assoc/machineAlarms';
import { statesBody, vcoUnit } from '../operating/machineVco';
import { useCanEdit } from '../tree/editors/NodeEditor';
import { useFeedback } from '../tree/feedback';
import { AlarmChart } from './AlarmChart';
import { LevelLabel } from './LevelLabel';
import { useAlarmChart, useResetAlarm, useSaveAlarm, useSaveVcoStates, useStoredAlarm, useVcoChart, useVcoRecord, type StoredLevels, type VcvAlarm } from './api';
import { presetPeriod, type ChartPeriod } from './chart';
import {
  LEVEL_FIELDS,
  REFERENCE_LEVEL,
  VCO_LEVEL,
  levelNumbers,
  levelProblem,
  refusedLevel,
  type LevelTexts,
  type Three,
} from './levels';
import { ConfirmButton } from '../../components/ActionBar';
import { useModalFocus } from '../../components/useModalFocus';
import { ChangedAlert, isChanged } from '../../components/ChangedAlert';
import { useTypedEdit } from '../../components/useTypedEdit';

/** What the modal edits: one direction of a point's VCV or VCP in a condition (variant 1), or a machine VCO (variant 2). */
export type AlarmSubject = { kind: 'vcv'; row: VcvAlarm } | { kind: 'vco'; vco: MachineVco };

export interface AlarmModalProps {
  /** The machine the alarm is of. */
  machine: number;
  subject: AlarmSubject;
  /** The texts the three fields start from (a precalculation line as edited); the stored values when absent. */
  start?: LevelTexts;
  /** The chart's first period (the precalculation's periods); the last month when absent. */
  period?: { FechaInicio: string; FechaFin: string };
  /**
   * Takes the values saved, in thousandths (the precalculation updates its line with them);
   * when absent the modal writes them itself: the row's direction, or the VCO's states.
   */
  onSave?: (values: [number, number, number]) => void;
  onClose: () => void;
}

/** The stored values of a subject, as the chart draws them (null: empty). */
function storedValues(stored: StoredLevels): Three<number | null> {
  return [stored.VrAviso, stored.VrAlarma, stored.VrPeligro].map((v) => {
    if (typeof v === 'number') return v / 1000;
    const n = parseDecimal(v);
    return n === null || Number.isNaN(n) ? null : n;
  }) as unknown as Three<number | null>;
}

/**
 * The alarm edit modal 'Editar alarma' (ALRM-053..ALRM-078): what the alarm is of, read-only
 * (ALRM-054, ALRM-056), its warning, alarm and danger (ALRM-055) checked as typed
 * (ALRM-074..ALRM-078), and the history chart with the three levels, redrawn as they are typed
 * while they hold (ALRM-073), beside the values stored now. Reset recalculates a VCV's
 * direction (ALRM-062, ALRM-072); Save (ALRM-063) hands the values to `onSave`, or writes them.
 * Mount it to open it.
 */
export function AlarmModal({ machine, subject, start, period: firstPeriod, onSave, onClose }: AlarmModalProps) {
  const { t } = useTranslation();
  const focus = useModalFocus();
  const language = currentLanguage();
  const feedback = useFeedback();
  const canEdit = useCanEdit();
  const vcv = subject.kind === 'vcv' ? subject.row : undefined;
  const vco = subject.kind === 'vco' ? subject.vco : undefined;
  const spec = vco ? VCO_LEVEL : REFERENCE_LEVEL;
  // What is stored, read again as the modal opens when it writes: the fields show it until some
  // are typed, and a save is based on the version they were typed over (412 over another user's change).
  const read = useStoredAlarm(machine, subject, canEdit && !onSave);
  const listed: StoredLevels = vcv ?? (vco as MachineVco);
  const textsOf = (item: StoredLevels) => storedValues(item).map((v) => (v === null ? '' : decimalText(v, language))) as unknown as LevelTexts;
  const edit = useTypedEdit<StoredLevels, LevelTexts>(read.data ?? listed, textsOf, start);
  const texts = edit.values;
  const stored = storedValues(read.data ?? listed);
  // A save was refused: another user changed the values since they were read.
  const [changed, setChanged] = useState(false);
  const problem = levelProblem(texts, spec);
  const refused = problem?.field ?? null;
  // The fields typed in, and whether a save was tried: an empty field nobody touched (a VCO
  // with no states yet) is not shown as wrong before then.
  const [touched, setTouched] = useState<Three<boolean>>([false, false, false]);
  const [tried, setTried] = useState(false);
  // The chart keeps the last levels typed that held while the fields are wrong (ALRM-073).
  const [held, setHeld] = useState<Three<number> | null>(() => (refused ? null : levelNumbers(texts)));
  const drawn = edit.typed ? held : refused ? null : levelNumbers(texts);
  const [period, setPeriod] = useState<ChartPeriod>(() =>
    firstPeriod ? { preset: 'custom', ...firstPeriod } : presetPeriod('month', dayjs()),
  );

  const vcvChart = useAlarmChart(vcv, period);
  const vcoChart = useVcoChart(machine, vco?.UsuVco_vId, period);
  const chart = vco ? vcoChart : vcvChart;
  const record = useVcoRecord(machine, vco?.UsuVco_vId);
  const criterion = record.data && (record.data.CriterioNombre ?? '—');
  const reset = useResetAlarm(machine);
  const saveAlarm = useSaveAlarm(machine);
  const saveVco = useSaveVcoStates(machine);

  const type = (next: LevelTexts) => {
    edit.type(next);
    if (!refusedLevel(next, spec)) setHeld(levelNumbers(next));
  };
  /** Loads the stored values in place of the typed ones. */
  const loadCurrent = async () => {
    await read.refetch();
    edit.clear();
    setChanged(false);
  };

  const doReset = () =>
    vcv &&
    reset.mutateAsync(vcv).then(
      (v) => {
        type([thousandthsText(v.VrAviso, language), thousandthsText(v.VrAlarma, language), thousandthsText(v.VrPeligro, language)]);
        feedback.success(t('precalc.modal.resetDone'));
      },
      (error: unknown) => feedback.error(t('precalc.modal.resetFailed'), error),
    );

  const save = async () => {
    setTried(true);
    if (refused) return;
    const values = texts.map((x) => toThousandths(x) ?? 0) as [number, number, number];
    if (onSave) {
      onSave(values);
      onClose();
      return;
    }
    try {
      if (vcv) await saveAlarm.mutateAsync({ row: vcv, values, base: edit.base });
      else if (vco)
        await saveVco.mutateAsync({
          vco: vco.UsuVco_vId,
          body: statesBody({ VrAviso: texts[0], VrAlarma: texts[1], VrPeligro: texts[2] }),
          base: edit.base,
        });
      feedback.success(t('precalc.modal.saved'));
      onClose();
    } catch (error) {
      setChanged(isChanged(error));
      // Another user's change is told by its alert, which offers the current values.
      feedback.error(t('precalc.modal.saveFailed'), isChanged(error) ? undefined : error);
    }
  };

  const name = vcv ? vcv.VcvNombre : vco ? localName(vco, language) : '';
  const about = vcv
    ? [
        { key: 'component', label: t('precalc.modal.component'), children: vcv.ComponenteNombre },
        { key: 'point', label: t('precalc.modal.point'), children: vcv.PuntoNombre },
        { key: 'direction', label: t('precalc.modal.direction'), children: directionLabel(vcv.Orientacion, vcv.Direccion) ?? t('precalc.temperature') },
        {
          key: 'vcv',
          label: t('precalc.modal.vcv'),
          children: (
            <Flex wrap align="center" gap={6}>
              <span>{vcv.VcvNombre}</span>
              {vcv.Tipo !== 'MPV' && (
                <Tag variant="filled" color="purple" style={{ marginInlineEnd: 0 }}>
                  {t(`precalc.kinds.${vcv.Tipo}`)}
                </Tag>
              )}
            </Flex>
          ),
        },
        { key: 'condition', label: t('precalc.modal.condition'), children: conditionName(vcv) },
      ]
    : [
        { key: 'criterion', label: t('precalc.modal.criterion'), children: criterion ?? '…' },
        { key: 'vco', label: t('precalc.modal.vco'), children: name },
      ];
  // A VCV's levels are in mm/s RMS (ALRM-065), a VCP's in its type's unit, a VCO's states in
  // the unit of what its sensor measures.
  const unit = vcv ? referenceUnit(vcv) : vco && vcoUnit(vco);
  const busy = saveAlarm.isPending || saveVco.isPending;

  return (
    <Modal
      open
      {...focus}
      title={t('precalc.modal.title')}
      width={1040}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <span>
            {vcv && canEdit && (
              <ConfirmButton confirm={t('precalc.modal.resetConfirm')} okText={t('precalc.modal.reset')} onConfirm={doReset} icon={<UndoOutlined />} loading={reset.isPending}>
                {t('precalc.modal.reset')}
              </ConfirmButton>
            )}
          </span>
          <Flex gap={8}>
            <Button onClick={onClose}>{t('precalc.modal.cancel')}</Button>
            {(canEdit || onSave) && (
              <Button type="primary" icon={<SaveOutlined />} disabled={refused !== null} loading={busy} onClick={() => void save()}>
                {t('precalc.modal.save')}
              </Button>
            )}
          </Flex>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {(changed || edit.behind) && <ChangedAlert onLoad={loadCurrent} />}
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: vcv ? 3 : 2 }} items={about} />
        <Form layout="vertical" component="div" disabled={!canEdit && !onSave}>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: 16 }}>
            {LEVEL_FIELDS.map((field, i) => {
              const invalid = refused === field && (tried || touched[i] || texts[i].trim() !== '');
              const now = stored[i];
              return (
                <Form.Item
                  key={field}
                  htmlFor={`alarm-modal-${field}`}
                  label={<LevelLabel level={field}>{t(`precalc.levels.${field}`)}</LevelLabel>}
                  validateStatus={invalid ? 'error' : undefined}
                  // The spec's message (MSG-010), and which order or bound is broken.
                  help={invalid && problem && [t('precalc.invalid'), problem.rule !== 'format' && t(`precalc.rules.${problem.rule}`)].filter(Boolean).join(' ')}
                  extra={
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {now === null ? t('precalc.modal.noCurrent') : t('precalc.modal.current', { value: `${decimalText(now, language)}${unit ? ` ${unit}` : ''}` })}
                    </Typography.Text>
                  }
                  style={{ marginBottom: 0 }}
                >
                  <DecimalInput
                    id={`alarm-modal-${field}`}
                    aria-label={t(`precalc.levels.${field}`)}
                    unit={unit}
                    // Right-aligned, beside its unit, as in the alert list and the reference editor.
                    styles={{ input: { textAlign: 'right' } }}
                    value={texts[i]}
                    onChange={(e) => {
                      const next = [...texts] as [string, string, string];
                      next[i] = e.target.value;
                      setTouched((was) => was.map((x, j) => x || j === i) as unknown as Three<boolean>);
                      type(next);
                    }}
                    onPressEnter={() => void save()}
                  />
                </Form.Item>
              );
            })}
          </div>
        </Form>
        <AlarmChart
          name={name}
          yLabel={unit === UNITS.velocity ? unit : unit ? `${name} (${unit})` : name}
          query={chart}
          levels={drawn}
          stored={stored}
          period={period}
          onPeriod={setPeriod}
        />
      </Flex>
    </Modal>
  );
}
