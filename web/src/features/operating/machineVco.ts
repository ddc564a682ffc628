// A machine's VCO/VCOVs (S3 §2.10, §3, §4): the side-bar keys and the page URL that name one,
// the channel choices, and the channel and states bodies. Pure, tested without a browser.
import type { ReactNode } from 'react';
import type { MachineVco, MachineVcoChannel, MachineVcoStates, VcoV } from '../../api/types';
import { formatDecimal, type DecimalSpec } from '../../lib/decimal';
import { magnitudeUnit, type Unit } from '../../lib/units';
import type { AlertDevice } from '../tree/machineRules';
import { NODE_KINDS, nodeKey, type NodePath } from '../tree/model';
import type { NodeGroup } from '../tree/treeData';

/** Route of the 'VCO/V de máquina' page; the machine's path and `vco` are its query. */
export const MACHINE_VCO_BASE = '/editor/machine-vco';

/** Side-bar key of the group 'VCO/V de máquina' under a machine. */
export function vcoGroupKey(machine: number): string {
  return `vcos:${machine}`;
}

/** Side-bar key of one VCO/VCOV of a machine (the same item may hang under several machines). */
export function vcoKey(machine: number, vco: number): string {
  return `vco:${machine}:${vco}`;
}

/** URL of the page of the machine's VCO `vco`: /editor/machine-vco?site=1&area=2&machine=3&vco=4. */
export function machineVcoUrl(path: NodePath, vco: number): string {
  const params = new URLSearchParams();
  for (const k of NODE_KINDS) {
    if (path[k] !== undefined) params.set(k, String(path[k]));
    if (k === 'machine') break;
  }
  params.set('vco', String(vco));
  return `${MACHINE_VCO_BASE}?${params.toString()}`;
}

/** The VCO a page URL's query names, or undefined. */
export function vcoFromSearch(search: URLSearchParams): number | undefined {
  const v = search.get('vco');
  if (v === null || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 ? n : undefined;
}

/**
 * What the side-bar selects and expands for the page of a machine's VCO: the VCO's node,
 * under its machine and the machine's group. Undefined for a URL that names no machine VCO.
 */
export function vcoSelection(path: NodePath, search: URLSearchParams): { selected: string; expand: string[] } | undefined {
  const vco = vcoFromSearch(search);
  if (path.machine === undefined || vco === undefined) return undefined;
  const expand: string[] = [];
  for (const k of NODE_KINDS) {
    if (path[k] !== undefined) expand.push(nodeKey(k, path[k]));
    if (k === 'machine') break;
  }
  expand.push(vcoGroupKey(path.machine));
  return { selected: vcoKey(path.machine, vco), expand };
}

/** The group 'VCO/V de máquina' every machine holds above its components (S3 §2.10); each VCO opens its page. */
export function machineVcoGroup(
  machine: number,
  path: NodePath,
  list: readonly MachineVco[] | 'loading' | 'error',
  o: { title: string; icon?: ReactNode; itemIcon?: (v: MachineVco) => ReactNode; name: (v: MachineVco) => string },
): NodeGroup {
  return {
    key: vcoGroupKey(machine),
    title: o.title,
    icon: o.icon,
    items:
      typeof list === 'string'
        ? list
        : list.map((v) => ({ key: vcoKey(machine, v.UsuVco_vId), title: o.name(v), icon: o.itemIcon?.(v), isLeaf: true, url: machineVcoUrl(path, v.UsuVco_vId) })),
  };
}

/** Last channel of a VCO on an alert device, and the tachometer's (VCO-015, VCO-016). */
export const LAST_CHANNEL = 10;
export const TACHO_CHANNEL = 11;
/** Position of a machine VCO's states (VCO-017). */
export const STATE_POSITION = 99;

/** The channels a VCO may take: 1 to 10, or 11 only when it reads a tachometer (VCO-015, VCO-016). */
export function channelOptions(tachometer: boolean): number[] {
  if (tachometer) return [TACHO_CHANNEL];
  return Array.from({ length: LAST_CHANNEL }, (_, i) => i + 1);
}

/** The channel form: the channel on the machine's alert device, which the VCO is read on. */
export interface ChannelValues {
  /** null, not undefined, when the VCO is on no channel: the form then clears the field it showed. */
  Canal?: number | null;
}

/**
 * The channel form's values of a machine VCO on `device`: the channel held there (one held on
 * another device, the machine's former one, is not shown), or for a tachometer its only one.
 */
export function channelForm(v: MachineVco, device: AlertDevice | undefined): ChannelValues {
  const onDevice = !!device && (device.family === 'ALERT10' ? v.EquipoAlert10 : v.EquipoAlert10C) === device.guid;
  const canal = onDevice && v.Canal && channelOptions(v.Tacometro).includes(v.Canal) ? v.Canal : undefined;
  return { Canal: canal ?? (v.Tacometro ? TACHO_CHANNEL : null) };
}

/** The channel assignment's body (S3 §7.2): a machine VCO, not a point, so the point fields are null. */
export function channelBody(machine: number, vco: number, device: AlertDevice, v: ChannelValues): MachineVcoChannel {
  return {
    TipoAsig: 'MVCO',
    AdminEquipoGUID: device.guid,
    UsuMaquinaId: machine,
    UsuPuntoVibracionId: null,
    Direccion: null,
    Canal: v.Canal ?? 0,
    UsuCriterioId: null,
    UsuVco_vId: vco,
    TipoEquipo: device.family,
  };
}

/** A state value: within ±99999999, up to 3 decimals, dot or comma (VCO-012). */
export const STATE_VALUE: DecimalSpec = { int: 8, dec: 3, negative: true, min: -99999999, max: 99999999 };

/** The three state values, as typed. */
export interface StatesValues {
  VrAviso: string;
  VrAlarma: string;
  VrPeligro: string;
}

export const STATE_FIELDS = ['VrAviso', 'VrAlarma', 'VrPeligro'] as const;

/** The states form's values of a machine VCO. */
export function statesForm(v: MachineVco): StatesValues {
  return { VrAviso: v.VrAviso ?? '', VrAlarma: v.VrAlarma ?? '', VrPeligro: v.VrPeligro ?? '' };
}

/** The states body: each value with 3 decimals, null when blank. */
export function statesBody(v: StatesValues): MachineVcoStates {
  return {
    Posicion: STATE_POSITION,
    VrAviso: formatDecimal(v.VrAviso, 3),
    VrAlarma: formatDecimal(v.VrAlarma, 3),
    VrPeligro: formatDecimal(v.VrPeligro, 3),
  };
}

/** The unit of a machine VCO's conditions and states: that of what its sensor measures. */
export function vcoUnit(vco: Pick<MachineVco, 'Magnitud'>): Unit | undefined {
  return magnitudeUnit(vco.Magnitud);
}

/** Whether an item (the factory's or a machine's) is a VCOV rather than a VCO. */
export function isVcov(item: { Tipo: { EnumTipoVcoID: string } }): boolean {
  return item.Tipo.EnumTipoVcoID === 'VCOV';
}

/**
 * The factory's items split into the 'Asociar VCO' modal's lists (VCO-004), keeping those whose
 * name (in the shown language) contains `search`, without regard to case or accents.
 */
export function splitVcos(items: readonly VcoV[], name: (item: VcoV) => string, search = ''): { vco: VcoV[]; vcov: VcoV[] } {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = fold(search.trim());
  const shown = q ? items.filter((i) => fold(name(i)).includes(q)) : [...items];
  return { vco: shown.filter((i) => !isVcov(i)), vcov: shown.filter(isVcov) };
}
