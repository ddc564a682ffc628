import { useQuery } from '@tanstack/react-query';
import { Flex, Input, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFactory } from '../../../app/factory';
import { DecimalInput } from '../../../components/DecimalInput';
import { currentLanguage } from '../../../i18n';
import { localName } from '../../../i18n/names';
import type { Spectrum } from '../../../api/types';
import { useFactoryItems } from '../../catalog/api';
import { SPECTRUM } from '../../spectra/kinds';
import { nodeQuery, useDownloadBearing, useEnums } from '../api';
import { BEARING_SLOTS, resolveBearings } from '../bearings';
import { orientationOptions } from '../enums';
import { alertDevice } from '../machineRules';
import { isHorizontal } from '../model';
import {
  DIRECTIONS,
  POINT_CHANNELS,
  RELATIVE_SPEED,
  SPECTRUM_SLOTS,
  channelField,
  directionLabel,
  isValidPosition,
  toBody,
  toForm,
  type PointValues,
} from '../pointForm';
import { Field, FieldItem, FieldRow, NameItem, QUARTER, Section, THIRD, decimalRules, maxRule, rangeHint } from './fields';
import { BearingFields } from './BearingBlock';
import { FlagMatrix, pointRangeColumns } from './FlagMatrix';
import { NodeEditor, useEditorPath } from './NodeEditor';
import { useMounting } from './useMounting';
import { SpectrumSelects } from './SpectrumSelects';
import { UNITS } from '../../../lib/units';

/** The alert device of the point's machine, whose channels the point may take (TREE-101). */
function useMachineAlertDevice() {
  const { factoryId = 0 } = useFactory();
  const { machine = 0 } = useEditorPath();
  const query = useQuery({ ...nodeQuery(factoryId, 'machine', machine), enabled: factoryId > 0 && machine > 0 });
  return query.data && alertDevice(query.data);
}

/**
 * Vibration point editor (/editor/point): name, position, mounting (the orientations of the
 * component's mounting), reference, relative speed, the four bearings and the measurement
 * matrix; copy and delete. On save, the template bearings chosen are downloaded first and
 * repeated bearings are saved once (TREE-118, TREE-119); its alert-device spectra, one per
 * range, from the factory's spectra of that range (TREE-098). When the machine has an alert
 * device, the channels of it wired to the point (TREE-101..TREE-104), once the mounting that
 * gives their Direccion is known.
 */
export default function PointEditor() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const enums = useEnums();
  const mounting = useMounting();
  const horizontal = isHorizontal(mounting);
  const downloadBearing = useDownloadBearing();
  const device = useMachineAlertDevice();
  const channels = device && mounting !== undefined ? { horizontal } : undefined;

  const beforeSave = async (values: PointValues) => {
    const { choices, repeated } = await resolveBearings(
      BEARING_SLOTS.map((s) => values[s]),
      downloadBearing,
    );
    const bearings = Object.fromEntries(BEARING_SLOTS.map((s, i) => [s, choices[i]]));
    return { values: { ...values, ...bearings }, warnings: repeated ? [t('tree.bearings.repeated')] : [] };
  };

  return (
    <NodeEditor<'point', PointValues>
      kind="point"
      toForm={toForm}
      toBody={(v, p) => toBody(v, p, channels)}
      beforeSave={beforeSave}
      fieldMap={{ NombreEn: 'NombreEs', Canales: channelField('V_H1') }}
    >
      {() => (
        <>
          <Section title={t('tree.sections.general')} />
          <FieldRow>
            <Field>
              <NameItem />
            </Field>
            <FieldItem name="Referencia" label={t('tree.fields.point.reference')} rules={[maxRule(t, 100)]}>
              <Input />
            </FieldItem>
            <FieldItem
              size={QUARTER}
              name="Posicion"
              label={t('tree.fields.point.position')}
              rules={[
                { required: true, message: t('validation.required') },
                {
                  validator: (_, v: string) =>
                    !v || isValidPosition(v)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('tree.validation.integerRange', { min: 1, max: 255 }))),
                },
              ]}
            >
              <Input inputMode="numeric" autoComplete="off" placeholder="1 – 255" />
            </FieldItem>
            <FieldItem size={QUARTER} name="MontajeId" label={t('tree.fields.point.orientation')}>
              <Select
                allowClear
                options={orientationOptions(enums.data?.Orientacion, mounting, language)}
                loading={enums.isPending}
              />
            </FieldItem>
            <FieldItem
              name="Vr"
              label={t('tree.fields.point.relativeSpeed')}
              rules={decimalRules(t, RELATIVE_SPEED, language)}
            >
              <DecimalInput unit={UNITS.speed} placeholder={rangeHint(RELATIVE_SPEED, language)} />
            </FieldItem>
          </FieldRow>

          <BearingFields />

          <SpectrumFields />

          <Section title={t('tree.sections.measurements')} />
          <Flex align="center" gap={8} wrap style={{ marginTop: -8, marginBottom: 12 }}>
            <Typography.Text type="secondary">{t('tree.fields.point.measurementsHelp')}</Typography.Text>
            {mounting !== undefined && (
              <Tag color="blue">{horizontal ? t('tree.fields.point.horizontal') : t('tree.fields.point.vertical')}</Tag>
            )}
          </Flex>
          <FlagMatrix
            label={t('tree.sections.measurements')}
            horizontal={horizontal}
            columns={pointRangeColumns(t)}
            field={(d, r) => `Medida_${d}_${r}`}
          />

          {channels && device && <ChannelFields horizontal={horizontal} family={device.family} />}
        </>
      )}
    </NodeEditor>
  );
}

/** The point's three spectrum selectors: each offers the factory's spectra of its range. */
function SpectrumFields() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const spectra = useFactoryItems<Spectrum>(SPECTRUM);
  const label = { BR: t('tree.fields.point.spectrumBR'), AR: t('tree.fields.point.spectrumAR'), DM: t('tree.fields.point.spectrumDM') };
  return (
    <>
      <Section title={t('tree.sections.spectra')} />
      <SpectrumSelects
        slots={SPECTRUM_SLOTS}
        label={(range) => label[range]}
        spectra={spectra}
        option={(s) => ({ value: s.UsuEspectroID, label: localName(s, language) })}
      />
    </>
  );
}

/** The channels of the machine's alert device wired to the point, one per direction (TREE-101). */
function ChannelFields({ horizontal, family }: { horizontal: boolean; family: 'ALERT10' | 'ALERT10C' }) {
  const { t } = useTranslation();
  const options = POINT_CHANNELS.map((c) => ({ value: c, label: String(c) }));
  return (
    <>
      <Section title={t('tree.sections.channels')} help={t('tree.fields.point.channelsHelp', { device: t(`machineEquipment.family.${family}`) })} />
      <FieldRow>
        {DIRECTIONS.map((d) => (
          <FieldItem key={d} size={THIRD} name={channelField(d)} label={t('tree.fields.point.channelOf', { direction: directionLabel(d, horizontal) })}>
            <Select allowClear placeholder={t('tree.fields.point.noChannel')} options={options} />
          </FieldItem>
        ))}
      </FieldRow>
    </>
  );
}
