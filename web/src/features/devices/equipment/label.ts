/** What an equipment label needs: every device, and every option list of devices, has these. */
export interface Labelled {
  NumeroSerie: string;
  Alias?: string | null;
}

/**
 * How a device is named wherever it is shown or offered: its serial number, then its alias when
 * it has one, e.g. "KG-0001 · Concentrador Centro Norte" (EQP-005).
 */
export function equipmentLabel(e: Labelled): string {
  const alias = (e.Alias ?? '').trim();
  return alias ? `${e.NumeroSerie} · ${alias}` : e.NumeroSerie;
}
