import { useState } from 'react';
import { Col, Form, Input, Row, Select, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Site, SiteInput } from '../../../api/types';
import { currentLanguage } from '../../../i18n';
import { DecimalInput } from '../../../components/DecimalInput';
import { LATITUDE, LONGITUDE, coordinateText, localDecimal, parseLatLng } from '../../../lib/decimal';
import { useEnums, useSettings } from '../api';
import { enumOptions } from '../enums';
import { CreateNodeModal } from './CreateNodeModal';
import { FieldItem, FieldRow, NameItem, Section, decimalRules, maxRule } from './fields';
import { englishName } from './names';
import { NodeEditor } from './NodeEditor';
import SiteMap from './SiteMap';

interface SiteValues {
  NombreEs: string;
  Contacto: string;
  Email: string;
  Telefono1: string;
  Telefono2: string;
  Fax: string;
  Pais: string;
  Ciudad: string;
  Cp: string;
  Direccion: string;
  /** Latitude and longitude as typed (dot or comma). */
  Lat: string;
  Lng: string;
}

const TEXT_MAX = 100;

function toForm(site: Site): SiteValues {
  return {
    NombreEs: site.NombreEs,
    Contacto: site.Contacto ?? '',
    Email: site.Email ?? '',
    Telefono1: site.Telefono1 ?? '',
    Telefono2: site.Telefono2 ?? '',
    Fax: site.Fax ?? '',
    Pais: site.Pais || 'ES', // TREE-025
    Ciudad: site.Ciudad ?? '',
    Cp: site.Cp ?? '',
    Direccion: site.Direccion ?? '',
    Lat: coordinateText(site.Gps?.lat),
    Lng: coordinateText(site.Gps?.lng),
  };
}

function toBody(v: SiteValues, site: Site): SiteInput {
  const nombre = v.NombreEs.trim();
  return {
    NombreEs: nombre,
    NombreEn: englishName(site, nombre),
    Contacto: v.Contacto.trim(),
    Email: v.Email.trim(),
    Telefono1: v.Telefono1.trim(),
    Telefono2: v.Telefono2.trim(),
    Fax: v.Fax.trim(),
    Pais: v.Pais,
    Ciudad: v.Ciudad.trim(),
    Cp: v.Cp.trim(),
    Direccion: v.Direccion.trim(),
    // TREE-032, TREE-033: commas accepted; both cleared (no Gps) when either is empty.
    Gps: parseLatLng(v.Lat, v.Lng) ?? undefined,
  };
}

/**
 * Site (centre) editor (/editor?site=): name, contact, address and position on a map.
 * Invalid fields are only highlighted (TREE-029).
 */
export default function SiteEditor() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const enums = useEnums();
  const settings = useSettings();
  const [creatingSite, setCreatingSite] = useState(false);
  const required = { required: true, message: t('validation.required') };

  return (
    <>
      <NodeEditor<'site', SiteValues>
        kind="site"
        toForm={toForm}
        toBody={toBody}
        fieldMap={{ Gps: 'Lat' }}
        highlightOnly
        extraActions={() => [
          {
            key: 'create-site',
            label: t('tree.actions.createSite'),
            icon: <PlusOutlined />,
            run: () => setCreatingSite(true),
          },
        ]}
      >
        {({ form, readOnly }) => (
          <Row gutter={[32, 0]}>
            <Col xs={24} xl={12}>
              <Section title={t('tree.sections.general')} />
              <NameItem />
              <Section title={t('tree.sections.contact')} />
              <FieldRow>
                <FieldItem name="Contacto" label={t('tree.fields.site.contact')} rules={[maxRule(t, TEXT_MAX)]}>
                  <Input autoComplete="off" />
                </FieldItem>
                <FieldItem
                  name="Email"
                  label={t('tree.fields.site.email')}
                  rules={[{ type: 'email', message: t('tree.validation.email') }, maxRule(t, TEXT_MAX)]}
                >
                  <Input type="email" autoComplete="off" />
                </FieldItem>
                <FieldItem name="Telefono1" label={t('tree.fields.site.phone1')} rules={[maxRule(t, 30)]}>
                  <Input type="tel" autoComplete="off" />
                </FieldItem>
                <FieldItem name="Telefono2" label={t('tree.fields.site.phone2')} rules={[maxRule(t, 30)]}>
                  <Input type="tel" autoComplete="off" />
                </FieldItem>
                <FieldItem name="Fax" label={t('tree.fields.site.fax')} rules={[maxRule(t, 30)]}>
                  <Input type="tel" autoComplete="off" />
                </FieldItem>
              </FieldRow>
            </Col>
            <Col xs={24} xl={12}>
              <Section title={t('tree.sections.location')} />
              <FieldRow>
                <FieldItem name="Pais" label={t('tree.fields.site.country')} rules={[required]}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    options={enumOptions(enums.data?.Paises, language)}
                    loading={enums.isPending}
                  />
                </FieldItem>
                <FieldItem name="Ciudad" label={t('tree.fields.site.city')} rules={[{ ...required, whitespace: true }, maxRule(t, TEXT_MAX)]}>
                  <Input />
                </FieldItem>
                <FieldItem name="Cp" label={t('tree.fields.site.postalCode')} rules={[maxRule(t, 20)]}>
                  {/* TREE-031: a numeric keyboard; letters stay possible for foreign codes. */}
                  <Input inputMode="numeric" autoComplete="off" />
                </FieldItem>
                <FieldItem name="Direccion" label={t('tree.fields.site.address')} rules={[maxRule(t, 200)]}>
                  <Input />
                </FieldItem>
                <FieldItem name="Lat" label={t('tree.fields.site.latitude')} rules={decimalRules(t, LATITUDE, language)}>
                  <DecimalInput placeholder={localDecimal('40.4168', language)} />
                </FieldItem>
                <FieldItem name="Lng" label={t('tree.fields.site.longitude')} rules={decimalRules(t, LONGITUDE, language)}>
                  <DecimalInput placeholder={localDecimal('-3.7038', language)} />
                </FieldItem>
              </FieldRow>
              <Form.Item noStyle shouldUpdate={(a, b) => a.Lat !== b.Lat || a.Lng !== b.Lng}>
                {() => (
                  <SiteMap
                    label={t('tree.fields.site.map')}
                    position={parseLatLng(form.getFieldValue('Lat'), form.getFieldValue('Lng')) ?? null}
                    tileUrl={settings.data?.TileURL}
                    disabled={readOnly}
                    onPick={(p) => {
                      form.setFieldsValue({ Lat: coordinateText(p.lat), Lng: coordinateText(p.lng) });
                      void form.validateFields(['Lat', 'Lng']);
                    }}
                  />
                )}
              </Form.Item>
              {!readOnly && (
                <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6, marginBottom: 16 }}>
                  {t('tree.fields.site.mapHelp')}
                </Typography.Text>
              )}
            </Col>
          </Row>
        )}
      </NodeEditor>
      {creatingSite && <CreateNodeModal kind="site" parentPath={{}} onClose={() => setCreatingSite(false)} />}
    </>
  );
}
