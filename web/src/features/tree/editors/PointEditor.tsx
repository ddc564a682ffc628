import { useQuery } from '@tanstack/react-query';
import { Flex, Form, Input, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFactory } from '../../../app/factory';
import { DecimalInput } from '../../../components/DecimalInput';
import { currentLanguage } from '../../../i18n';
import { nodeQuery, useDownloadBearing, useEnums, useFactorySpectra } from '../api';
import { BEARING_SLOTS, resolveBearings } from '../bearings';
import { orientationOptions } from '../enums';
import { isHorizontal } from '../model';
import { RELATIVE_SPEED, SPECTRUM_SLOTS, isValidPosition, toBody, toForm, type PointValues } from '../pointForm';
import { Field, FieldRow, NAME_MAX, QUARTER, Section, decimalRules, maxRule, nameRules, rangeHint } from './fields';
import { BearingFields } from './BearingBlock';
import { MeasurementMatrix } from './MeasurementMatrix';
import { NodeEditor, useEditorPath } from './NodeEditor';

/**
 * The mounting of the point's component: the URL's orientation (TREE-092), or, when the URL
 * has none (a search result), the component's Montaje.
 */
function useMounting(): number | undefined {
  const { factoryId = 0 } = useFactory();
  const path = useEditorPath();
  const component = useQuery({
    ...nodeQuery(factoryId, 'component', path.component ?? 0),
    enabled: path.orientation === undefined && path.component !== undefined,
  });
  return path.orientation ?? component.data?.Montaje ?? undefined;
}

/**
 * Vibration point editor (/editor/point): name, position, mounting (the orientations of the
 * component's mounting), reference, relative speed, the four bearings and the measurement
 * matrix; copy and delete. On save, the template bearings chosen are downloaded first and
 * repeated bearings are saved once (TREE-118, TREE-119); its alert-device spectra, one per
 * range, from the factory's spectra of that range (TREE-098).
 */
export default function PointEditor() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const enums = useEnums();
  const mounting = useMounting();
  const horizontal = isHorizontal(mounting);
  const downloadBearing = useDownloadBearing();

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
      toBody={toBody}
      beforeSave={beforeSave}
      fieldMap={{ NombreEn: 'NombreEs' }}
    >
      {() => (
        <>
          <Section title={t('tree.sections.general')} />
          <FieldRow>
            <Field>
              <Form.Item name="NombreEs" label={t('tree.fields.name')} rules={nameRules(t)}>
                <Input count={{ show: true, max: NAME_MAX }} />
              </Form.Item>
            </Field>
            <Field>
              <Form.Item name="Referencia" label={t('tree.fields.point.reference')} rules={[maxRule(t, 100)]}>
                <Input />
              </Form.Item>
            </Field>
            <Field size={QUARTER}>
              <Form.Item
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
              </Form.Item>
            </Field>
            <Field size={QUARTER}>
              <Form.Item name="MontajeId" label={t('tree.fields.point.orientation')}>
                <Select
                  allowClear
                  options={orientationOptions(enums.data?.Orientacion, mounting, language)}
                  loading={enums.isPending}
                />
              </Form.Item>
            </Field>
            <Field>
              <Form.Item
                name="Vr"
                label={t('tree.fields.point.relativeSpeed')}
                rules={decimalRules(t, RELATIVE_SPEED, language)}
              >
                <DecimalInput unit="rpm" placeholder={rangeHint(RELATIVE_SPEED, language)} />
              </Form.Item>
            </Field>
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
          <div style={{ overflowX: 'auto', marginBottom: 24 }}>
            <MeasurementMatrix horizontal={horizontal} />
          </div>
        </>
      )}
    </NodeEditor>
  );
}

/** The point's three spectrum selectors: each offers the factory's spectra of its range. */
function SpectrumFields() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const spectra = useFactorySpectra();
  const label = { BR: t('tree.fields.point.spectrumBR'), AR: t('tree.fields.point.spectrumAR'), DM: t('tree.fields.point.spectrumDM') };
  return (
    <>
      <Section title={t('tree.sections.spectra')} />
      <FieldRow>
        {SPECTRUM_SLOTS.map(({ field, range }) => (
          <Field key={field}>
            <Form.Item name={field} label={label[range]}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('tree.fields.point.noSpectrum')}
                loading={spectra.isPending}
                options={(spectra.data ?? [])
                  .filter((s) => s.Rango === range)
                  .map((s) => ({ value: s.UsuEspectroID, label: language === 'es' ? s.NombreEs : s.NombreEn || s.NombreEs }))}
              />
            </Form.Item>
          </Field>
        ))}
      </FieldRow>
    </>
  );
}
