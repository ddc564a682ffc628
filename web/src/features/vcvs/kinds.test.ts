import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import es from '../../i18n/es.json';
import en from '../../i18n/en.json';
import { selectOptions } from '../catalog/CatalogFields';
import { buildColumn, groupKeys, type ColumnNode } from '../catalog/columns';
import { afterChange, initialValues, toBody, toFormValues, type CatalogItem, type FieldContext, type FormValues } from '../catalog/kind';
import { EDITING, fieldOf, keyT, kindIds, options, shown, state } from '../../test/catalog';
import { DIGITAL_VCV, VCP, VCV, VCV_KINDS } from './kinds';
import { bandSummary, subtypesOf, takesBand, vcoPrefix } from './rules';

/** A translator reading the Spanish or English file (labels and prefixes as the user sees them). */
function translator(dict: Record<string, unknown>): TFunction {
  return ((key: string) => {
    const v = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], dict);
    return typeof v === 'string' ? v : key;
  }) as unknown as TFunction;
}
const tEs = translator(es);
const tEn = translator(en);

const digitalBands: CatalogItem[] = [
  { UsuBandaDigitalGUID: 'br', Nombre: 'Baja', Rango: 'BR', Frecuencia: 'CPMS' },
  { UsuBandaDigitalGUID: 'ar', Nombre: 'Alta', Rango: 'AR', Frecuencia: 'CPMS' },
  { UsuBandaDigitalGUID: 'dm', Nombre: 'Envolvente', Rango: 'DM', Frecuencia: 'CPMS' },
  { UsuBandaDigitalGUID: 'mg', Nombre: 'Campo', Rango: 'MG', Frecuencia: 'CPMS' },
];

/** The digital bands a VCP of the type offers. */
function vcpBands(type: string, chosen?: string): string[] {
  const field = fieldOf(VCP, 'UsuBandaDigitalGUID');
  if (field.type !== 'select') throw new Error('not a select');
  const values: FormValues = { Tipo: type, UsuBandaDigitalGUID: chosen };
  return selectOptions(field, { lists: undefined, t: keyT, language: 'es', values, ctx: EDITING, items: { digitalband: digitalBands } }).map(
    (o) => o.value,
  );
}

describe('VCV and VCP kinds', () => {
  it('VCV-024, VCV-026: the ids of the spec and the server; names bilingual for alert-device VCVs, single otherwise', () => {
    expect(kindIds(VCV_KINDS)).toEqual([
      ['vcv', 'UsuVcvID', 'AdminVcvID', 'AdminVcvGUID', 'bilingual', 'POST'],
      ['digitalvcv', 'UsuVCVDigitalGUID', 'AdminVCVDigitalGUID', 'AdminVCVDigitalGUID', 'single', 'POST'],
      ['vcp', 'UsuVCPID', 'AdminVCPID', 'AdminVCPGUID', 'single', 'POST'],
    ]);
  });

  it('VCV-025: an alert-device VCV sends its names, abbreviations, band and default mark', () => {
    const values: FormValues = { ...initialValues(VCV), Nombre: ' Velocidad 1x ', BandaId: '12' };
    (values as Record<string, unknown>).SiglaEs = ' 1X ';
    (values as Record<string, unknown>).PorDefecto = true;
    expect(toBody(VCV, values, undefined, 'es', EDITING)).toEqual({
      NombreEs: 'Velocidad 1x',
      NombreEn: 'Velocidad 1x',
      SiglaEs: '1X',
      SiglaEn: '',
      BandaId: 12,
      PorDefecto: true,
    });
  });

  it('VCV-035: without a band nothing is sent, so that the server says "Se ha de seleccionar una banda."', () => {
    expect(state(VCV, 'BandaId', {}).required).toBe(false);
    expect(toBody(VCV, { Nombre: 'V' }, undefined, 'es', EDITING)).not.toHaveProperty('BandaId');
  });

  it('PorDefecto is a factory mark: templates neither show nor send it', () => {
    const template: FieldContext = { ...EDITING, side: 'template' };
    expect(shown(VCV, {})).toContain('PorDefecto');
    expect(shown(VCV, {}, template)).not.toContain('PorDefecto');
    expect(toBody(VCV, { Nombre: 'V', BandaId: '1' }, undefined, 'es', template)).not.toHaveProperty('PorDefecto');
  });

  it('VCV-027, VCV-028, VCV-031: a digital VCV reads and sends its type as {EnumTipoVcoID}, its component type and subtype as numbers', () => {
    const item: CatalogItem = {
      UsuVCVDigitalGUID: 'g',
      Nombre: 'Velocidad global',
      Siglas: 'GLOB',
      UsuBandaDigitalGUID: 'br',
      Tipo: { EnumTipoVcoID: 'VCOV' },
      GenTipoComponenteId: 1,
      GenSubtipoComponenteId: 2,
      PorDefecto: true,
    };
    const values = toFormValues(DIGITAL_VCV, item, 'es');
    expect(values).toMatchObject({ Nombre: 'Velocidad global', Tipo: 'VCOV', GenTipoComponenteId: '1', GenSubtipoComponenteId: '2' });
    expect(toBody(DIGITAL_VCV, values, item, 'es', { ...EDITING, mode: 'edit' })).toEqual({
      Nombre: 'Velocidad global',
      Siglas: 'GLOB',
      Tipo: { EnumTipoVcoID: 'VCOV' },
      UsuBandaDigitalGUID: 'br',
      GenTipoComponenteId: 1,
      GenSubtipoComponenteId: 2,
      PorDefecto: true,
    });
    // No component type: neither is sent (the server stores none).
    const none = toFormValues(DIGITAL_VCV, { ...item, GenTipoComponenteId: undefined, GenSubtipoComponenteId: undefined }, 'es');
    expect(none.GenTipoComponenteId).toBe('');
    expect(toBody(DIGITAL_VCV, none, item, 'es', EDITING)).not.toHaveProperty('GenTipoComponenteId');
    expect(initialValues(DIGITAL_VCV).Tipo).toBe('VCO');
  });

  it('component subtypes are those of the chosen type; another type clears a subtype not its own', () => {
    expect(subtypesOf('1')).toEqual(['1', '2', '3']);
    expect(subtypesOf('2')).toEqual(['4', '5']);
    expect(subtypesOf('5')).toEqual(['10']);
    expect(subtypesOf('')).toEqual([]);
    const field = fieldOf(DIGITAL_VCV, 'GenSubtipoComponenteId');
    if (field.type !== 'select') throw new Error('not a select');
    const lists = { SubtipoComponente: Array.from({ length: 11 }, (_, i) => ({ id: String(i + 1), nameSPA: `S${i + 1}`, nameENG: `E${i + 1}` })) };
    const offered = (type: string) =>
      selectOptions(field, { lists, t: keyT, language: 'es', values: { GenTipoComponenteId: type }, ctx: EDITING }).map((o) => o.label);
    expect(offered('3')).toEqual(['S6', 'S7']);
    expect(offered('6')).toEqual(['S11']);
    expect(state(DIGITAL_VCV, 'GenSubtipoComponenteId', { GenTipoComponenteId: '' }).disabled).toBe(true);
    expect(afterChange(DIGITAL_VCV, ['GenTipoComponenteId'], { GenTipoComponenteId: '2', GenSubtipoComponenteId: '1' })).toEqual({
      GenSubtipoComponenteId: undefined,
    });
    expect(afterChange(DIGITAL_VCV, ['GenTipoComponenteId'], { GenTipoComponenteId: '1', GenSubtipoComponenteId: '1' })).toEqual({});
  });

  it('VCV-037: the digital VCV editor shows the component type and subtype in template mode too', () => {
    const template: FieldContext = { mode: 'template', readOnly: true, types: ['U_EDITOR'], side: 'template' };
    expect(shown(DIGITAL_VCV, {}, template)).toEqual(expect.arrayContaining(['GenTipoComponenteId', 'GenSubtipoComponenteId']));
  });

  it("VCV-029, VCV-030: digital VCVs' labels carry 'VCO: ' / 'VCOV: ' in Spanish, 'OCV: ' / 'SOCV: ' in English", () => {
    const vco = { Tipo: { EnumTipoVcoID: 'VCO' } };
    const vcov = { Tipo: { EnumTipoVcoID: 'VCOV' } };
    expect([vcoPrefix(vco, tEs), vcoPrefix(vcov, tEs)]).toEqual(['VCO: ', 'VCOV: ']);
    expect([vcoPrefix(vco, tEn), vcoPrefix(vcov, tEn)]).toEqual(['OCV: ', 'SOCV: ']);
    expect(vcoPrefix({}, tEs)).toBe('');
    expect(DIGITAL_VCV.prefix?.(vco, tEs)).toBe('VCO: ');
  });

  it('VCP-020, VCP-023: seven types, chosen when creating only', () => {
    expect(options(VCP, 'Tipo', {})).toEqual(['VEL', 'ACE', 'CRE', 'DEM', 'MAG', 'TEM', 'POS']);
    expect(state(VCP, 'Tipo', {}).disabled).toBe(false);
    expect(state(VCP, 'Tipo', {}, { ...EDITING, mode: 'edit' }).disabled).toBe(true);
    expect(state(VCP, 'Tipo', {}).required).toBe(true);
  });

  it('VCP-030, VCP-031, VCP-032: the bands offered by type: VEL and ACE low or high range, DEM envelope, MAG magnetometer', () => {
    expect(vcpBands('VEL')).toEqual(['br', 'ar']);
    expect(vcpBands('ACE')).toEqual(['br', 'ar']);
    expect(vcpBands('DEM')).toEqual(['dm']);
    expect(vcpBands('MAG')).toEqual(['mg']);
    // The chosen band is always listed (a read-only editor shows it).
    expect(vcpBands('DEM', 'br')).toEqual(['br', 'dm']);
  });

  it('VCP-021, VCP-029: CRE, TEM and POS take no band (hidden, not sent); the others need one', () => {
    for (const type of ['CRE', 'TEM', 'POS']) {
      expect(takesBand(type)).toBe(false);
      expect(shown(VCP, { Tipo: type })).not.toContain('UsuBandaDigitalGUID');
      expect(toBody(VCP, { Nombre: 'T', Tipo: type, UsuBandaDigitalGUID: 'br' }, undefined, 'es', EDITING)).toEqual({ Nombre: 'T', Siglas: '', Tipo: type });
    }
    for (const type of ['VEL', 'ACE', 'DEM', 'MAG']) expect(shown(VCP, { Tipo: type })).toContain('UsuBandaDigitalGUID');
    // A new type chooses the band again.
    expect(afterChange(VCP, ['Tipo'], { Tipo: 'DEM', UsuBandaDigitalGUID: 'br' })).toEqual({ UsuBandaDigitalGUID: undefined });
  });

  it('AUTH-014: ADMIN and U_EDITOR get the envelope and magnetometer bands to choose in the digital VCV editor', () => {
    const field = fieldOf(DIGITAL_VCV, 'UsuBandaDigitalGUID');
    if (field.type !== 'select') throw new Error('not a select');
    const offered = (types: string[], chosen?: string) =>
      selectOptions(field, {
        lists: undefined,
        t: keyT,
        language: 'es',
        values: { UsuBandaDigitalGUID: chosen },
        ctx: { ...EDITING, types },
        items: { digitalband: digitalBands },
      }).map((o) => o.value);
    expect(offered(['ADMIN'])).toEqual(['br', 'ar', 'dm', 'mg']);
    expect(offered(['U_EDITOR'])).toEqual(['br', 'ar', 'dm', 'mg']);
    expect(offered(['U_LECTURA'])).toEqual(['br', 'ar']);
    // A read-only editor still shows the band the VCV holds.
    expect(offered(['U_LECTURA'], 'mg')).toEqual(['br', 'ar', 'mg']);
  });

  it('band options name the band and its range; the band shown beside says range and frequency type', () => {
    const field = fieldOf(DIGITAL_VCV, 'UsuBandaDigitalGUID');
    if (field.type !== 'select') throw new Error('not a select');
    const labels = selectOptions(field, { lists: undefined, t: tEs, language: 'es', values: {}, ctx: EDITING, items: { digitalband: digitalBands } });
    expect(labels.map((o) => o.label)).toEqual(['Baja · BR', 'Alta · AR', 'Envolvente · DM', 'Campo · MG']);
    expect(bandSummary(digitalBands[0], tEs)).toBe('Rango bajo (BR) · CPM');
  });
});

describe('VCVs and VCPs in the columns', () => {
  const band = (Frecuencia: string, Rango: string) => ({ Frecuencia, Rango });
  const analog: CatalogItem[] = [
    { UsuVcvID: 1, NombreEs: 'Velocidad 1x', Banda: band('ORDENES', 'BR') },
    { UsuVcvID: 2, NombreEs: 'Envolvente global', Banda: band('CPMS', 'DM') },
    { UsuVcvID: 3, NombreEs: 'Rodamientos', Banda: band('RODAMIENTOS', 'DM') },
  ];
  const digital: CatalogItem[] = [
    { UsuVCVDigitalGUID: 'a', Nombre: 'Global', Tipo: { EnumTipoVcoID: 'VCO' }, BandaDigital: band('CPMS', 'BR') },
    { UsuVCVDigitalGUID: 'b', Nombre: 'Motor', Tipo: { EnumTipoVcoID: 'VCOV' }, GenTipoComponenteId: 1, GenSubtipoComponenteId: 3, BandaDigital: band('CPMS', 'BR') },
    { UsuVCVDigitalGUID: 'd', Nombre: 'Motores', Tipo: { EnumTipoVcoID: 'VCO' }, GenTipoComponenteId: 1, BandaDigital: band('CPMS', 'BR') },
    { UsuVCVDigitalGUID: 'c', Nombre: 'Campo', Tipo: { EnumTipoVcoID: 'VCO' }, BandaDigital: band('CPMS', 'MG') },
  ];
  const vcps: CatalogItem[] = [
    { UsuVCPID: 1, Nombre: 'Velocidad RMS', Tipo: 'VEL' },
    { UsuVCPID: 2, Nombre: 'Temperatura', Tipo: 'TEM' },
  ];
  const column = (side: 'factory' | 'template', types: readonly string[] = ['U_EDITOR'], lists = [analog, digital, vcps]) =>
    buildColumn(VCV_KINDS, lists, {
      side,
      language: 'es',
      types,
      label: (k) => k.segment,
      valueLabel: (_, v, by) => by.values.find((c) => c.id === v)?.label(tEs) ?? v,
      prefix: (kind, item) => kind.prefix?.(item, tEs) ?? '',
      loadingText: 'loading',
      errorText: 'error',
    });
  const titles = (nodes: readonly ColumnNode[] | undefined): unknown[] =>
    (nodes ?? []).map((n) => (n.kind ? n.title : n.children?.length ? { [`${n.title} ${n.count}`]: titles(n.children) } : `${n.title} ${n.count}`));

  it('VCV-008, VCV-010, VCV-012: alert-device VCVs by frequency type, then low, high and envelope range (no magnetometer)', () => {
    const [vcv] = column('factory');
    expect(titles(vcv.children)).toEqual([
      { 'En órdenes 1': [{ 'Rango bajo (BR) 1': ['Velocidad 1x'] }, 'Rango alto (AR) 0', 'Envolvente (DM) 0'] },
      { 'En CPM 1': ['Rango bajo (BR) 0', 'Rango alto (AR) 0', { 'Envolvente (DM) 1': ['Envolvente global'] }] },
      { 'En rodamientos 1': ['Rango bajo (BR) 0', 'Rango alto (AR) 0', { 'Envolvente (DM) 1': ['Rodamientos'] }] },
    ]);
    expect(vcv.count).toBe(3);
  });

  it('VCV-009: the bearings group is the factory side\'s (on the template side only when templates hold some)', () => {
    const frequencies = (nodes: ColumnNode[]) => nodes[0].children?.map((g) => g.title);
    const noBearings = [analog.slice(0, 2), digital, vcps];
    expect(frequencies(column('factory', ['U_EDITOR'], noBearings))).toEqual(['En órdenes', 'En CPM', 'En rodamientos']);
    expect(frequencies(column('template', ['U_EDITOR'], noBearings))).toEqual(['En órdenes', 'En CPM']);
    expect(frequencies(column('template'))).toEqual(['En órdenes', 'En CPM', 'En rodamientos']);
  });

  it('VCV-016, VCV-029: digital VCVs also by component type and subtype (the groups that hold some), labelled with their prefix', () => {
    const [, dvcv] = column('factory', ['ADMIN']);
    const cpms = dvcv.children?.[1];
    expect(titles(cpms?.children)).toEqual([
      {
        'Rango bajo (BR) 3': [
          { 'Motor 2': [{ 'Motor de corriente continua 1': ['VCOV: Motor'] }, { 'Cualquier subtipo 1': ['VCO: Motores'] }] },
          { 'Cualquier componente 1': ['VCO: Global'] },
        ],
      },
      'Rango alto (AR) 0',
      'Envolvente (DM) 0',
      { 'Magnetómetro (MG) 1': [{ 'Cualquier componente 1': ['VCO: Campo'] }] },
    ]);
  });

  it('AUTH-015: the envelope and magnetometer groups of the digital VCV trees are shown to ADMIN users only', () => {
    const ranges = (types: string[], side: 'factory' | 'template' = 'factory') =>
      column(side, types)[1].children?.[1].children?.map((g) => g.title);
    for (const side of ['factory', 'template'] as const) {
      expect(ranges(['ADMIN'], side)).toEqual(['Rango bajo (BR)', 'Rango alto (AR)', 'Envolvente (DM)', 'Magnetómetro (MG)']);
      expect(ranges(['U_EDITOR'], side)).toEqual(['Rango bajo (BR)', 'Rango alto (AR)']);
      expect(ranges(['U_LECTURA'], side)).toEqual(['Rango bajo (BR)', 'Rango alto (AR)']);
    }
    // The alert-device VCVs' envelope group is everyone's.
    expect(column('factory', ['U_LECTURA'])[0].children?.[1].children?.map((g) => g.title)).toEqual(['Rango bajo (BR)', 'Rango alto (AR)', 'Envolvente (DM)']);
  });

  it('VCP-004, VCP-005: VCPs by type, with the labels of the spec', () => {
    const [, , vcp] = column('factory');
    expect(vcp.children?.map((g) => `${g.title} ${g.count}`)).toEqual([
      'RMS mm/s 1',
      'RMS g pk 0',
      'Factor de cresta 0',
      'Env RMS Eg pk 0',
      'RMS Tesla 0',
      'Temperatura 1',
      'Posición 0',
    ]);
  });

  it('every group, nested ones included, starts open', () => {
    const keys = groupKeys(VCV_KINDS);
    expect(keys).toContain('group:vcv:ORDENES/BR');
    expect(keys).toContain('group:digitalvcv:CPMS/BR/1');
    expect(keys).toContain('group:vcp:TEM');
  });
});
