// The three kinds of the VCVs and VCPs screen (S2 §2.3, §2.5, §3.4–§3.6, §5.3, §5.4): the
// alert-device VCV, the KOS Sensor (digital) VCV and the VCP, declared as data for the generic
// catalogue screen. Their rules are the server's (internal/catalog/vcv.go; ./rules).
import type { TFunction } from 'i18next';
import { api, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import { isAdmin } from '../../app/roles';
import type es from '../../i18n/es.json';
import { BAND, DIGITAL_BAND, categoryGroups, seesRange } from '../bands/kinds';
import type { OptionLists } from '../catalog/CatalogFields';
import {
  catalogKind,
  fieldLabel,
  type CatalogKind,
  type Choice,
  type CustomField,
  type FieldPredicate,
  type GroupDecl,
  type ItemSelectField,
} from '../catalog/kind';
import { DefaultControl, TextControl, bandInfo } from './controls';
import {
  COMPONENT_TYPES,
  NO_COMPONENT,
  VCP_TYPES,
  bandFitsVcp,
  bandOf,
  componentGroup,
  componentTypeEffect,
  subtypeGroup,
  subtypesOf,
  takesBand,
  vcoPrefix,
} from './rules';

type Vcvs = (typeof es)['vcvs'];
const label = fieldLabel('vcvs');
/** A translated label whose key is built from an id (checked against the Spanish file where it is declared). */
const tr = (key: string) => (t: TFunction) => (t as (k: string) => string)(key);

/** An abbreviation (SiglaEs, SiglaEn, Siglas): a short text, trimmed, optional. */
function sigla(name: string, key: keyof Vcvs['fields'], newRow = false): CustomField {
  return {
    type: 'custom',
    name,
    label: label(key),
    control: TextControl,
    newRow,
    read: (item) => (typeof item[name] === 'string' ? item[name] : ''),
    write: (value) => ({ [name]: typeof value === 'string' ? value.trim() : '' }),
  };
}

/** 'Por defecto' (PorDefecto): the factory items 'assign default VCVs' gives; templates have none. */
const DEFAULT: CustomField = {
  type: 'custom',
  name: 'PorDefecto',
  label: label('default'),
  control: DefaultControl,
  visible: (_, ctx) => (ctx.side ?? 'factory') === 'factory',
  read: (item) => item.PorDefecto === true,
  write: (value) => ({ PorDefecto: value === true }),
};

/**
 * A VCV's band: the bands of the editor's side, each with its range. Marked required, but not
 * checked in the form: without one the server answers 'Se ha de seleccionar una banda.' on the
 * field (VCV-035), which a highlight alone (CAT-025) would not say.
 */
function bandSelect(name: string, kind: CatalogKind, rest: Partial<ItemSelectField> = {}): ItemSelectField {
  return {
    type: 'select',
    name,
    label: label('band'),
    items: kind,
    newRow: true,
    serverRequired: true,
    itemLabel: (band, bandName) => `${bandName} · ${String(band.Rango ?? '')}`,
    ...rest,
  };
}

/** The chosen band's range and frequency type, shown beside it (read-only; nothing is sent). */
function bandShown(kind: CatalogKind, field: string): CustomField {
  return {
    type: 'custom',
    name: `${field}Info`,
    label: label('bandRange'),
    control: bandInfo(kind, field),
    disabled: true,
    read: () => undefined,
    write: () => ({}),
  };
}

const FREQUENCIES = (['ORDENES', 'CPMS', 'RODAMIENTOS'] as const).map((id): Choice => ({ id, label: tr(`vcvs.frequencies.${id}`) }));

/**
 * A VCV's groups: its band's frequency type (VCV-008), then its band's range (VCV-010..VCV-012;
 * alert-device VCVs have no magnetometer), then `sub`. Bearings show on the factory side
 * (VCV-009), and on the template side only when templates hold some (else they could be
 * neither downloaded nor edited). Digital envelope and magnetometer groups are ADMIN's (AUTH-015).
 */
function vcvGroups(digital: boolean, sub?: GroupDecl): GroupDecl {
  return categoryGroups({
    band: bandOf,
    frequencies: FREQUENCIES,
    digital,
    frequencyShown: (id, _, side, count) => id !== 'RODAMIENTOS' || side === 'factory' || count > 0,
    envelope: digital ? isAdmin : undefined,
    sub,
  });
}

/** Alert-device VCVs (S2 §3.4, VCV-024, VCV-025): names and abbreviations in two languages, on an analog band. */
export const VCV = catalogKind('vcvs', 'vcv', ['UsuVcvID', 'AdminVcvID', 'AdminVcvGUID'], {
  names: 'bilingual',
  groups: vcvGroups(false),
  fields: [
    sigla('SiglaEs', 'siglaEs', true),
    sigla('SiglaEn', 'siglaEn'),
    bandSelect('BandaId', BAND, { numeric: true }),
    bandShown(BAND, 'BandaId'),
    DEFAULT,
  ],
});

/** VCO/VCOV (VCV-028), sent as {EnumTipoVcoID}. */
const VCO_TYPES: Choice[] = (['VCO', 'VCOV'] as const).map((id) => ({ id, label: (t) => t(`vcvs.vcoTypes.${id}`) }));
/** Component types (VCV-031), '' for none. */
export const COMPONENT_CHOICES: Choice[] = [NO_COMPONENT, ...Object.keys(COMPONENT_TYPES)].map((id) => ({
  id: id === NO_COMPONENT ? '' : id,
  label: tr(`vcvs.componentTypes.${id}`),
}));

/**
 * The component-type groups of a digital VCV within its band's range, and its subtype's within
 * them (VCV-016); only those that hold items.
 */
const COMPONENT_GROUPS: GroupDecl = {
  field: 'GenTipoComponenteId',
  of: componentGroup,
  values: [...Object.keys(COMPONENT_TYPES), NO_COMPONENT].map((id): Choice => ({ id, label: tr(`vcvs.componentTypes.${id}`) })),
  omitEmpty: true,
  leaves: [NO_COMPONENT],
  sub: {
    field: 'GenSubtipoComponenteId',
    of: subtypeGroup,
    values: [...Object.values(COMPONENT_TYPES).flat(), NO_COMPONENT].map((id): Choice => ({ id, label: tr(`vcvs.componentSubtypes.${id}`) })),
    omitEmpty: true,
  },
};

/** KOS Sensor VCVs (S2 §3.5, VCV-026..VCV-031): one name, on a digital band, a VCO/VCOV type, optionally for a component type and subtype. */
export const DIGITAL_VCV = catalogKind('vcvs', 'digitalvcv', ['UsuVCVDigitalGUID', 'AdminVCVDigitalGUID', 'AdminVCVDigitalGUID'], {
  names: 'single',
  prefix: vcoPrefix,
  groups: vcvGroups(true, COMPONENT_GROUPS),
  fields: [
    sigla('Siglas', 'siglas', true),
    {
      type: 'select',
      name: 'Tipo',
      label: label('vcoType'),
      idKey: 'EnumTipoVcoID',
      choices: VCO_TYPES,
      required: true,
      initial: 'VCO',
    },
    // S2 §2.3, §6: envelope and magnetometer bands are ADMIN's and U_EDITOR's choices.
    bandSelect('UsuBandaDigitalGUID', DIGITAL_BAND, { fits: (band, _, ctx) => seesRange(String(band.Rango), ctx.types) }),
    bandShown(DIGITAL_BAND, 'UsuBandaDigitalGUID'),
    // VCV-037: shown in every mode, templates too.
    {
      type: 'select',
      name: 'GenTipoComponenteId',
      label: label('componentType'),
      choices: COMPONENT_CHOICES,
      numeric: true,
      initial: '',
      newRow: true,
      onChange: componentTypeEffect,
    },
    {
      type: 'select',
      name: 'GenSubtipoComponenteId',
      label: label('componentSubtype'),
      list: 'SubtipoComponente',
      numeric: true,
      disabled: (v) => subtypesOf(v.GenTipoComponenteId).length === 0,
      offered: (id, v) => subtypesOf(v.GenTipoComponenteId).includes(id),
    },
    DEFAULT,
  ],
});

/** The VCP type is chosen when the VCP is created only (VCP-023). */
const typeLocked: FieldPredicate = (_, ctx) => ctx.mode !== 'add';

/** VCP types in the editor ('Velocidad (VEL)'). */
const VCP_TYPE_CHOICES: Choice[] = VCP_TYPES.map((id) => ({ id, label: tr(`vcvs.vcpTypes.${id}`) }));

/** VCPs (S2 §3.6, VCP-019..VCP-023): one name, a type fixed once created, a digital band of the type's ranges unless the type takes none. */
export const VCP = catalogKind('vcvs', 'vcp', ['UsuVCPID', 'AdminVCPID', 'AdminVCPGUID'], {
  names: 'single',
  // VCP-004, VCP-005: grouped by type.
  groups: { field: 'Tipo', values: VCP_TYPES.map((id): Choice => ({ id, label: tr(`vcvs.vcpGroups.${id}`) })) },
  fields: [
    sigla('Siglas', 'siglas', true),
    {
      type: 'select',
      name: 'Tipo',
      label: label('vcpType'),
      choices: VCP_TYPE_CHOICES,
      required: true, // VCP-020
      disabled: typeLocked,
      // Another type takes other bands (or none): the band is chosen again.
      onChange: () => ({ UsuBandaDigitalGUID: undefined }),
    },
    bandSelect('UsuBandaDigitalGUID', DIGITAL_BAND, {
      fits: (band, v) => bandFitsVcp(v.Tipo, band), // VCP-030..VCP-032
      visible: (v) => takesBand(v.Tipo), // VCP-021, VCP-029
    }),
    { ...bandShown(DIGITAL_BAND, 'UsuBandaDigitalGUID'), visible: (v) => takesBand(v.Tipo) },
  ],
});

/** The kinds of the screen, in the order of the create actions and the columns (S2 §2.3, §2.5). */
export const VCV_KINDS: readonly CatalogKind[] = [VCV, DIGITAL_VCV, VCP];

/** The option lists of the VCV and VCP editors: the tree's (component subtypes). */
export function vcvOptions(factoryId: number) {
  return {
    queryKey: keys.catalogOptions(`vcvs:${factoryId}`),
    queryFn: async () => (await unwrap(api.GET('/api/user/{factory}/enums', { params: { path: { factory: factoryId } } }))) as OptionLists,
  };
}
