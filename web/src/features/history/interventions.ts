// A machine's interventions (docs/API.md, "Alarms"): what the form holds and sends. Pure
// functions, no React.
import type { Dayjs } from 'dayjs';
import type { components } from '../../api/schema';

/** A machine's intervention: its date, text and author. */
export type Intervention = components['schemas']['Intervention'];
/** What an add or an edit sends: the date and the text. */
export type InterventionInput = components['schemas']['InterventionInput'];

/** The longest text the server takes. */
export const TEXT_MAX = 1000;

/** The form of an intervention: its date and time, and its text as typed. */
export interface InterventionForm {
  Fecha?: Dayjs | null;
  Texto?: string;
}

/** Why a text is refused: blank, or longer than TEXT_MAX (null: fine). */
export function textProblem(text: string | undefined): 'required' | 'max' | null {
  const s = (text ?? '').trim();
  if (s === '') return 'required';
  return s.length > TEXT_MAX ? 'max' : null;
}

/** The body of a valid form: the date in UTC to the minute, the text trimmed. */
export function interventionBody(date: Dayjs, text: string): InterventionInput {
  return { Fecha: date.second(0).millisecond(0).toISOString(), Texto: text.trim() };
}
