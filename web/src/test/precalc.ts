import type { PrecalcLine } from '../features/alarms/api';

/** A precalculated line of the pump's 1x velocity, stopped condition; `over` changes what a check needs. */
export function precalcLine(over: Partial<PrecalcLine> = {}): PrecalcLine {
  return {
    UsuValorReferenciaID: 7,
    UsuPuntoId: 22,
    PuntoNombre: 'Bomba LA',
    UsuCondicionId: 1,
    CondicionNombre: 'Parada',
    Direccion: 0,
    VrAviso: 862,
    VrAlarma: 995,
    VrPeligro: 1194,
    UsuComponenteId: 11,
    ComponenteNombre: 'Bomba centrífuga',
    UsuMaqPuntoVcvId: 7,
    Tipo: 'MPV',
    VcvNombre: 'Velocidad 1x',
    TipoVcp: '',
    Rango: 'BR',
    Orientacion: 0,
    ActualAviso: 2800,
    ActualAlarma: 4500,
    ActualPeligro: 7100,
    Muestras: 246,
    Base: 663,
    Excesos: { Aviso: 0, Alarma: 0, Peligro: 0 },
    Episodios: { Aviso: 0, Alarma: 0, Peligro: 0 },
    Insuficiente: false,
    ...over,
  };
}
