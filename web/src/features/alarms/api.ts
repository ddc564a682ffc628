// Calls of the machine's alarm precalculation and of the alarm edit modal (docs/API.md,
// "Alarms (issue 15)" and "Measured history"): precalculate, save the proposals, reset one
// line, the chart of a series or of a machine VCO, a component's calculation template, and the
// default save of the modal (one direction of a reference row, or a machine VCO's states).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import type { components, paths } from '../../api/schema';
import type { Component, ComponentInput, MachineVcoStates } from '../../api/types';
import { useFactory } from '../../app/factory';
import { nodeCalls, nodeQuery } from '../tree/api';
import { useMachineMutation, useMachineQuery } from '../tree/machineQueries';
import { machineAlarmCalls } from '../assoc/api';
import { machineVcoCalls } from '../operating/api';
import { CHART_POINTS, KIND_SEGMENT, SERIES_DIRECTION, alarmSeries, chartValue, vcoValue, type AlarmKind, type ChartPeriod } from './chart';

/** The precalculation's request: the spec's payload and our options. */
export type Precalculate = components['schemas']['Precalculate'];
/** The precalculation's answer: Criterio and Datos false when it had nothing to work on. */
export type Precalculation = components['schemas']['Precalculation'];
/** One proposal: a reference row in one direction, its current values and what the proposal rests on. */
export type PrecalcLine = components['schemas']['PrecalcLine'];
/** What the precalculation chooses from (S1 §3): the machine's components, its criterion's conditions and its points. */
export type PrecalcLists = components['schemas']['PrecalcLists'];
export type PrecalcComponent = PrecalcLists['Componentes'][number];
export type PointEntry = PrecalcLists['Puntos'][number];
/** An alarm as the modal shows it (S1 §3 'Alarm record'). */
export type AlarmRecord = components['schemas']['Record'];
/** One line as a save sends it (ALRM-035), values in thousandths. */
export interface SavedLevel {
  VrId: number;
  Dir: number;
  Av: number;
  Al: number;
  Pl: number;
}

/**
 * One direction of a reference row in one condition, as the alarm edit modal takes it (S1 §3
 * 'Alarm row' and 'Alarm record'): a row of the machine's alert list or of the site's alarms
 * fits as it is; a precalculation line through `lineAlarm`. Values in thousandths.
 */
export interface VcvAlarm {
  UsuValorReferenciaID: number;
  UsuPuntoVibracionID: number;
  UsuMaqPuntoVcvId: number;
  Tipo: AlarmKind;
  Direccion: number;
  Orientacion: number;
  UsuCondicionId: number;
  ComponenteNombre: string;
  PuntoNombre: string;
  VcvNombre: string;
  /** A VCP's type (its values' unit); empty for a VCV. */
  TipoVcp: string;
  /** A VCV's band range (an envelope VCV's unit); empty for a VCP. */
  Rango: string;
  CondicionNombre: string | null;
  VrAviso: number | null;
  VrAlarma: number | null;
  VrPeligro: number | null;
}

/** A precalculation line as the modal takes it: the row with its current values. */
export function lineAlarm(l: PrecalcLine): VcvAlarm {
  return {
    UsuValorReferenciaID: l.UsuValorReferenciaID,
    UsuPuntoVibracionID: l.UsuPuntoId,
    UsuMaqPuntoVcvId: l.UsuMaqPuntoVcvId,
    Tipo: l.Tipo,
    Direccion: l.Direccion,
    Orientacion: l.Orientacion,
    UsuCondicionId: l.UsuCondicionId,
    ComponenteNombre: l.ComponenteNombre,
    PuntoNombre: l.PuntoNombre,
    VcvNombre: l.VcvNombre,
    TipoVcp: l.TipoVcp,
    Rango: l.Rango,
    CondicionNombre: l.CondicionNombre,
    VrAviso: l.ActualAviso,
    VrAlarma: l.ActualAlarma,
    VrPeligro: l.ActualPeligro,
  };
}

/** The chart call of each kind: one literal path each, typed by openapi-fetch. */
const CHART_PATH = {
  mpv: '/api/user/{factory}/visualizator/data/mpv/{id}/direction/{dir}/condition/{condition}',
  mpvd: '/api/user/{factory}/visualizator/data/mpvd/{id}/direction/{dir}/condition/{condition}',
  mpvp: '/api/user/{factory}/visualizator/data/mpvp/{id}/direction/{dir}/condition/{condition}',
} as const satisfies Record<(typeof KIND_SEGMENT)[AlarmKind], keyof paths>;

const atMachine = (factory: number, machine: number) => ({ params: { path: { factory, machine } } });
const period = (p: ChartPeriod) => ({ FechaInicio: p.FechaInicio, FechaFin: p.FechaFin });

/** A chart's points: times in unix seconds, values as drawn; the condition they were measured in, if named. */
export interface ChartData {
  times: number[];
  values: number[];
  condition?: string | null;
}

/** The calls of this feature. */
export const alarmCalls = {
  lists: (factory: number, machine: number) => unwrap(api.GET('/api/user/{factory}/machine/{machine}/precalculation', atMachine(factory, machine))),
  vcoRecord: (factory: number, machine: number, vco: number) =>
    unwrap(api.GET('/api/user/{factory}/machine/{machine}/vco/{vco}/alarm', { params: { path: { factory, machine, vco } } })),
  precalculate: (factory: number, machine: number, body: Precalculate) =>
    unwrap(api.POST('/api/user/{factory}/machine/{machine}/reference/calculate', { ...atMachine(factory, machine), body })),
  /** Saves the proposals (ALRM-035): the JSON of the lines, in thousandths; all or none. */
  saveLevels: (factory: number, machine: number, levels: SavedLevel[]) =>
    unwrap(
      api.PUT('/api/user/{factory}/machine/{machine}/reference', {
        ...atMachine(factory, machine),
        body: { ValoresCalculados: JSON.stringify(levels) },
      }),
    ),
  /** The modal's Reset (ALRM-072): the row's direction recalculated by the defaults over the last 30 days. */
  resetOne: (factory: number, machine: number, row: VcvAlarm) =>
    unwrap(
      api.POST('/api/user/{factory}/machine/{machine}/reference/calculate/vcv/{vcv}', {
        params: { path: { factory, machine, vcv: row.UsuValorReferenciaID } },
        body: { Punto: row.UsuPuntoVibracionID, Direccion: row.Direccion, Notificacion: null },
      }),
    ),
  /** A row's series over a period (ALRM-045), at most CHART_POINTS points. */
  chart: async (factory: number, row: VcvAlarm, p: ChartPeriod): Promise<ChartData> => {
    const dir = SERIES_DIRECTION[alarmSeries(row.Tipo, row.Direccion)];
    const { Datos, NombreCondicionHist } = await unwrap(
      api.POST(CHART_PATH[KIND_SEGMENT[row.Tipo]], {
        params: { path: { factory, id: row.UsuMaqPuntoVcvId, dir, condition: row.UsuCondicionId }, query: { Puntos: CHART_POINTS } },
        body: period(p),
      }),
    );
    const data = Datos;
    return { times: data.map((d) => Date.parse(d.Fecha) / 1000), values: data.map((d) => chartValue(d.Valor)), condition: NombreCondicionHist };
  },
  /** A machine VCO's values over a period (ALRM-046). */
  vcoChart: async (factory: number, machine: number, vco: number, p: ChartPeriod): Promise<ChartData> => {
    const data =
      (await unwrap(
        api.POST('/api/user/{factory}/visualizator/data/machine/{machine}/vco/{vco}', {
          params: { path: { factory, machine, vco }, query: { Puntos: CHART_POINTS } },
          body: period(p),
        }),
      )) ?? [];
    return { times: data.map((d) => Date.parse(d.Fecha) / 1000), values: data.map((d) => vcoValue(d.Inicio, d.Fin)) };
  },
};

/** Precalculates the machine's reference values (nothing is stored). */
export function usePrecalculate(machine: number) {
  return useMachineMutation(machine, alarmCalls.precalculate);
}

/** Saves the checked and shown lines; the machine's alert list reloads. */
export function useSaveLevels(machine: number) {
  return useMachineMutation(machine, alarmCalls.saveLevels, [keys.machineAlarms]);
}

/** The machine's components (with their calculation template), its criterion's conditions and its points: one call. */
export function usePrecalcLists(machine: number) {
  return useMachineQuery(machine, keys.precalcLists, alarmCalls.lists);
}

/** A machine VCO's alarm record: its name and the machine's criterion (the modal's variant 2). */
export function useVcoRecord(machine: number, vco: number | undefined) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.vcoAlarmRecord(factoryId, machine, vco ?? 0),
    queryFn: () => alarmCalls.vcoRecord(factoryId, machine, vco ?? 0),
    enabled: factoryId > 0 && machine > 0 && vco !== undefined,
  });
}

/** A component's update body with another calculation template: the rest as it is stored. */
export function withTemplate(c: Component, template: number | null): ComponentInput {
  return {
    NombreEs: c.NombreEs,
    NombreEn: c.NombreEn,
    Potencia: c.Potencia,
    VelocidadNominal: c.VelocidadNominal,
    Montaje: c.Montaje,
    UsuCalculoVrId: template,
    ComentarioEs: c.ComentarioEs,
    ComentarioEn: c.ComentarioEn,
    ParametrosDinamicos: c.ParametrosDinamicos,
    GenSubtipoComponenteId: c.GenSubtipoComponenteId,
    Motor: c.Motor,
  };
}

/**
 * Saves a component's calculation template (ALRM-030) over the component as stored now (read
 * afresh, and saved on that version); its editor's cache takes the answer and the machine's
 * lists reload.
 */
export function useSaveTemplate(machine: number) {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ component, template }: { component: number; template: number | null }) => {
      const stored = await queryClient.fetchQuery({ ...nodeQuery(factoryId, 'component', component), staleTime: 0 });
      return nodeCalls.component.update(factoryId, component, withTemplate(stored, template), stored);
    },
    onSuccess: (node) => {
      queryClient.setQueryData(keys.treeNode(factoryId, 'component', node.UsuComponenteID), node);
      return queryClient.invalidateQueries({ queryKey: keys.precalcLists(factoryId, machine) });
    },
  });
}

/** The chart of a row's series over a period; the previous chart stays while the next loads. */
export function useAlarmChart(row: VcvAlarm | undefined, p: ChartPeriod) {
  const { factoryId = 0 } = useFactory();
  const segment = row ? KIND_SEGMENT[row.Tipo] : '';
  return useQuery({
    queryKey: keys.alarmChart(factoryId, segment, row?.UsuMaqPuntoVcvId ?? 0, row ? row.Direccion : 0, row?.UsuCondicionId ?? 0, p.FechaInicio, p.FechaFin),
    queryFn: () => alarmCalls.chart(factoryId, row as VcvAlarm, p),
    enabled: factoryId > 0 && row !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The chart of a machine VCO over a period. */
export function useVcoChart(machine: number, vco: number | undefined, p: ChartPeriod) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.alarmVcoChart(factoryId, machine, vco ?? 0, p.FechaInicio, p.FechaFin),
    queryFn: () => alarmCalls.vcoChart(factoryId, machine, vco ?? 0, p),
    enabled: factoryId > 0 && machine > 0 && vco !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The modal's Reset of a row. */
export function useResetAlarm(machine: number) {
  return useMachineMutation(machine, alarmCalls.resetOne);
}

/** The modal's own save of a row (opened from the alert list or the site's alarms); the lists reload. */
export function useSaveAlarm(machine: number) {
  return useMachineMutation(
    machine,
    (factory, machine, { row, values, base }: { row: VcvAlarm; values: [number, number, number]; base: object }) =>
      machineAlarmCalls.save(factory, machine, row, { VrAviso: values[0], VrAlarma: values[1], VrPeligro: values[2] }, base),
    // The site's alarms read the states the new values give.
    [keys.machineAlarms, keys.history],
  );
}

/** The levels stored of a VCV's row direction (thousandths) or of a machine VCO (decimal texts). */
export type StoredLevels = Partial<Record<'VrAviso' | 'VrAlarma' | 'VrPeligro', number | string | null>>;

/**
 * The values stored of what the alarm modal edits, read again with their version (fresh on each
 * opening): a VCV's row direction or a machine VCO. Idle unless `enabled` (a modal that writes).
 */
export function useStoredAlarm(machine: number, subject: { kind: 'vcv'; row: VcvAlarm } | { kind: 'vco'; vco: { UsuVco_vId: number } }, enabled: boolean) {
  const { factoryId = 0 } = useFactory();
  const at = subject.kind === 'vcv' ? [subject.row.UsuValorReferenciaID, subject.row.Direccion] : [subject.vco.UsuVco_vId];
  return useQuery({
    queryKey: [...keys.machineAlarms(factoryId, machine), 'stored', subject.kind, ...at],
    queryFn: (): Promise<StoredLevels> =>
      subject.kind === 'vcv'
        ? machineAlarmCalls.one(factoryId, machine, subject.row)
        : machineVcoCalls.one(factoryId, machine, subject.vco.UsuVco_vId),
    enabled: enabled && factoryId > 0,
    staleTime: 0,
    gcTime: 0,
    structuralSharing: false,
  });
}

/** The modal's save of a machine VCO's states; the VCO page and the side-bar reload. */
export function useSaveVcoStates(machine: number) {
  return useMachineMutation(
    machine,
    (factory, machine, { vco, body, base }: { vco: number; body: MachineVcoStates; base: object }) =>
      machineVcoCalls.states(factory, machine, vco, body, base),
    [keys.machineVcos],
  );
}
