// The machine form's values and how they map to the API (pure, tested without a browser).
import type { Machine, MachineInput } from '../../api/types';
import { formatDecimal, parseDecimal } from '../../lib/decimal';
import { englishName } from './editors/names';
import { learningTimeHours, splitLearningTime } from './learningTime';
import { speedFieldsEnabled, type UpdateMode } from './machineRules';

export interface MachineValues {
  NombreEs: string;
  VelocidadVariable: boolean;
  Actualizacion: UpdateMode;
  VelocidadMinima: string | null;
  VelocidadMaxTrabajo: string;
  AmplitudMinima1x: string | null;
  Online: boolean;
  Kw: string;
  Anclaje?: number;
  UsuCalculoVrId?: number;
  /** The machine's criterion (UsuCriterio, sent as CriterioId, MACH-019). */
  CriterioId?: number;
  ExplicacionEs: string;
  /** Learning time (TiempoAprendizaje, hours) as days plus hours (MACH-014). */
  Dias: number | null;
  Horas: number | null;
  /** The equipment (MACH-013): the devices' GUIDs (undefined: none) and KOS Sensor. */
  EquipoConcentrador?: string;
  EquipoAlert10?: string;
  EquipoAlert10C?: string;
  KOSSensor: boolean;
}

export function toForm(m: Machine): MachineValues {
  const learning = splitLearningTime(m.TiempoAprendizaje);
  return {
    NombreEs: m.NombreEs,
    VelocidadVariable: m.VelocidadVariable,
    Actualizacion: m.Actualizacion,
    VelocidadMinima: m.VelocidadMinima ?? null,
    VelocidadMaxTrabajo: m.VelocidadMaxTrabajo ?? '',
    AmplitudMinima1x: m.AmplitudMinima1x ?? null,
    Online: m.Online,
    Kw: String(m.Kw ?? 0),
    Anclaje: m.Anclaje ?? undefined,
    UsuCalculoVrId: m.UsuCalculoVrId ?? undefined,
    CriterioId: m.CriterioId ?? undefined,
    ExplicacionEs: m.ExplicacionEs ?? '',
    Dias: learning.days,
    Horas: learning.hours,
    EquipoConcentrador: m.EquipoConcentrador ?? undefined,
    EquipoAlert10: m.EquipoAlert10 ?? undefined,
    EquipoAlert10C: m.EquipoAlert10C ?? undefined,
    KOSSensor: m.KOSSensor === true,
  };
}

/**
 * The update body. Speeds and amplitude go as strings with 3 decimals (MACH-083); minimum
 * speed and amplitude are left empty (null) unless the update mode uses them (MACH-084).
 * Cálculo VA is only edited by administrators: for others the machine's value is kept. The
 * equipment always goes: the update replaces the machine, and a device left out is unlinked.
 * The route association, which no field shows, goes back as loaded for offline machines only
 * (MACH-085).
 */
export function toBody(v: MachineValues, m: Machine, admin: boolean): MachineInput {
  const software = speedFieldsEnabled(v.Actualizacion);
  const nombre = v.NombreEs.trim();
  const explicacion = v.ExplicacionEs.trim();
  return {
    NombreEs: nombre,
    NombreEn: englishName(m, nombre),
    VelocidadVariable: v.VelocidadVariable,
    Actualizacion: v.Actualizacion,
    VelocidadMinima: (software && formatDecimal(v.VelocidadMinima, 3)) || undefined,
    VelocidadMaxTrabajo: formatDecimal(v.VelocidadMaxTrabajo, 3) ?? undefined,
    AmplitudMinima1x: (software && formatDecimal(v.AmplitudMinima1x, 3)) || undefined,
    Online: v.Online,
    Kw: parseDecimal(v.Kw) ?? 0, // MACH-016
    Anclaje: v.Anclaje ?? undefined,
    UsuCalculoVrId: (admin ? v.UsuCalculoVrId : m.UsuCalculoVrId) ?? undefined,
    CriterioId: v.CriterioId ?? null,
    AsociacionesMaquinaId: v.Online ? undefined : (m.AsociacionesMaquinaId ?? undefined),
    ExplicacionEs: explicacion,
    ExplicacionEn: m.ExplicacionEn && m.ExplicacionEn !== m.ExplicacionEs ? m.ExplicacionEn : explicacion,
    TiempoAprendizaje: learningTimeHours(v.Dias, v.Horas),
    EquipoConcentrador: v.EquipoConcentrador ?? null,
    EquipoAlert10: v.EquipoAlert10 ?? null,
    EquipoAlert10C: v.EquipoAlert10C ?? null,
    KOSSensor: v.KOSSensor,
  };
}
