import { useRef, useState } from 'react';
import { Button, Col, Descriptions, Flex, Modal, Row, Typography, type InputRef } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DecimalInput, decimalRange } from '../../components/DecimalInput';
import { currentLanguage } from '../../i18n';
import type { Unit } from '../../lib/units';
import { useCanEdit } from '../tree/editors/NodeEditor';
import { useFeedback } from '../tree/feedback';
import { REFERENCE_FIELDS, REFERENCE_VALUE } from './referenceValues';
import { useReference, useSetReference, type AssocTarget, type Reference } from './api';
import type { AssocKind } from './associations';
import { conditionName, groupUnit, referenceName, refusedFields, toBody, toForm, type ReferenceForm, type ReferenceGroupKey, type ReferenceName } from './referenceForm';
import { useModalFocus } from '../../components/useModalFocus';
import { ChangedAlert, isChanged } from '../../components/ChangedAlert';
import { useTypedEdit } from '../../components/useTypedEdit';

/**
 * The reference-values editor of one condition of an associated item (S1 §2, S2 §5.5): the
 * condition and the item read-only, then warning, alarm and danger of each direction (and of
 * the temperature for VCPs), with their unit. Each field is checked on leaving it (REF-013); a failing group
 * shows the message under its failing field and Save waits (REF-014, REF-015). Saving closes
 * it; its invalidation reloads the references (REF-011). Read-only users only look.
 */
export function ReferenceValuesModal({
  assoc,
  target,
  reference,
  groups,
  itemName,
  unit,
  onClose,
}: {
  assoc: AssocKind;
  target: AssocTarget;
  reference: Reference;
  /** The groups of thresholds edited (`groupsOf`). */
  groups: readonly ReferenceGroupKey[];
  itemName: string;
  /** The unit of the item's values (`itemUnit`). */
  unit?: Unit;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const focus = useModalFocus();
  const canEdit = useCanEdit();
  const feedback = useFeedback();
  const save = useSetReference(assoc, target);
  const id = Number(reference[assoc.refId]);
  // The references read again as the editor opens: its values until some are typed, which are
  // then based on the version they were typed over; a save is refused (412) over another user's
  // change, which is told beside the typed values when it is read meanwhile.
  const read = useReference(assoc, target, id);
  const language = currentLanguage();
  const formOf = (r: Reference) => toForm(r, groups, language);
  const { values, base, behind, type, clear } = useTypedEdit(read.data ?? reference, formOf);
  const [changed, setChanged] = useState(false);
  // The values as last checked (at first those read): the messages follow them, Save follows the values typed.
  const [checked, setChecked] = useState<ReferenceForm>();
  const inputs = useRef<Partial<Record<ReferenceName, InputRef | null>>>({});
  const refused = refusedFields(values, groups);
  const flagged = new Set(refusedFields(checked ?? formOf(read.data ?? reference), groups));
  const hint = decimalRange(REFERENCE_VALUE, language);
  /** Loads the current references in place of the typed ones. */
  const loadCurrent = async () => {
    await read.refetch();
    clear();
    setChecked(undefined);
    setChanged(false);
  };

  const submit = () => {
    setChecked(values);
    if (refused.length > 0) {
      inputs.current[refused[0]]?.focus(); // REF-024: the failing field, no other
      return;
    }
    save.mutateAsync({ id, body: toBody(values, groups), base }).then(
      () => {
        feedback.success(t('vcvs.references.saved'));
        onClose();
      },
      (error: unknown) => {
        setChanged(isChanged(error));
        // Another user's change is told by its alert, which offers the current values.
        feedback.error(t('vcvs.references.saveFailed'), isChanged(error) ? undefined : error);
      },
    );
  };

  return (
    <Modal
      open
      {...focus}
      title={t('vcvs.references.title')}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      width={600}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {canEdit && (
            <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} disabled={refused.length > 0} onClick={submit}>
              {t('common.save')}
            </Button>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={16} style={{ paddingTop: 8 }}>
        {(changed || behind) && <ChangedAlert onLoad={loadCurrent} />}
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'condition', label: t('vcvs.references.condition'), children: conditionName(reference) },
            { key: 'item', label: assoc.kind.label(t), children: itemName },
          ]}
        />
        <Typography.Text type="secondary">{t('vcvs.references.hint', { range: hint })}</Typography.Text>
        <Row gutter={[8, 8]} align="top" role="group" aria-label={t('vcvs.references.title')}>
          <Col span={6} />
          {REFERENCE_FIELDS.map((f) => (
            <Col key={f} span={6}>
              <Typography.Text strong>{t(`vcvs.references.fields.${f}`)}</Typography.Text>
            </Col>
          ))}
          {groups.map((g) => [
            <Col key={g} span={6} style={{ paddingTop: 5 }}>
              <Typography.Text strong>{t(`vcvs.references.groups.${g}`)}</Typography.Text>
              {groupUnit(g, unit) && <Typography.Text type="secondary"> ({groupUnit(g, unit)})</Typography.Text>}
            </Col>,
            ...REFERENCE_FIELDS.map((f) => {
              const name = referenceName(g, f);
              const invalid = flagged.has(name);
              return (
                <Col key={name} span={6}>
                  <DecimalInput
                    ref={(el) => {
                      inputs.current[name] = el;
                    }}
                    aria-label={`${t(`vcvs.references.groups.${g}`)} ${t(`vcvs.references.fields.${f}`)}`}
                    aria-invalid={invalid || undefined}
                    value={values[name]}
                    disabled={!canEdit}
                    status={invalid ? 'error' : undefined}
                    onChange={(e) => type({ ...values, [name]: e.target.value })}
                    onBlur={() => setChecked(values)}
                    onPressEnter={submit}
                    style={{ textAlign: 'right' }}
                  />
                  {invalid && (
                    <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, lineHeight: 1.3 }}>
                      {t('vcvs.references.invalid')}
                    </Typography.Text>
                  )}
                </Col>
              );
            }),
          ])}
        </Row>
      </Flex>
    </Modal>
  );
}
