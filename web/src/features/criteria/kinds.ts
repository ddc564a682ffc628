// The two kinds of the criteria screen (S3 §3, §7.2; S1 §3): VCO/VCOV items and criteria,
// declared as data for the generic catalogue screen. Their rules are the server's
// (internal/operating/vco.go, criteria.go); the fields that hold lists use the controls of
// ./controls.
import type { CatalogKind, CustomField, FieldDecl, FieldKey, IntegerField } from '../catalog/kind';
import { catalogKind, customValue, fieldLabel } from '../catalog/kind';
import { ConditionsEditor, SensorSelect, criterionConditions, entriesSelect } from './controls';
import { HISTORY } from './HistoryField';
import {
  FACTOR,
  conditionProblems,
  criterionConditionProblems,
  entriesOf,
  firstProblem,
  readConditions,
  readCriterionConditions,
  readEntries,
  readSensor,
  rowsOf,
  sensorFits,
  writeConditions,
  writeCriterionConditions,
  writeEntries,
  writeSensor,
  type ConditionRow,
  type CriterionRow,
} from './rules';
import { UNITS } from '../../lib/units';

const label = fieldLabel('criteria');

/**
 * The sensor of a VCO/VCOV: one field among six, chosen in one select. Exactly one is required,
 * of a kind the type reads (VCO-011): the server refuses the same ('Sensor').
 */
const SENSOR: CustomField = {
  type: 'custom',
  name: 'Sensor',
  label: label('sensor'),
  control: SensorSelect,
  required: true,
  read: (item) => readSensor(item),
  write: (value) => writeSensor(value),
  check: (value, values) => (typeof value === 'string' && value !== '' && sensorFits(values.Tipo, value) ? null : 'required'),
};

/** VCO/VCOV items (VCO-010, VCO-011): type, conversion factor, one sensor, named conditions. */
export const VCO = catalogKind('criteria', 'vco_v', ['UsuVco_vID', 'AdminVco_vID', 'AdminVco_vGUID'], {
  names: 'bilingual',
  fields: [
    {
      type: 'select',
      name: 'Tipo',
      label: label('type'),
      idKey: 'EnumTipoVcoID',
      choices: [
        { id: 'VCO', label: (t) => t('criteria.vcoTypes.VCO') },
        { id: 'VCOV', label: (t) => t('criteria.vcoTypes.VCOV') },
      ],
      required: true,
      initial: 'VCO',
      // A type that does not read the chosen sensor clears it.
      onChange: (v) => (sensorFits(v.Tipo, v.Sensor) ? {} : { Sensor: undefined }),
    },
    { type: 'decimal', name: 'FactorConversion', label: label('factor'), spec: FACTOR, required: true, initial: '1' },
    { ...SENSOR, wide: true },
    {
      type: 'custom',
      name: 'Condiciones',
      label: label('conditions'),
      control: ConditionsEditor,
      wide: true,
      read: readConditions,
      write: (value) => writeConditions(value),
      check: (value) => firstProblem(conditionProblems(rowsOf<ConditionRow>(value))),
    },
    // VCO-020, VCO-021: the change history of a factory item.
    HISTORY,
  ],
});

/** A criterion's measurement time in seconds, 1 to 999999999. */
function time(name: string, key: FieldKey<'criteria'>): IntegerField {
  return { type: 'integer', name, label: label(key), unit: UNITS.second, min: 1, max: 999_999_999, required: true };
}

// The times in the order of the levels, warning to danger, as every screen lists them, then
// the stable time.
const CRITERION_FIELDS: readonly FieldDecl[] = [
  time('TiempoAviso', 'warningTime'),
  time('TiempoAlarma', 'alarmTime'),
  time('TiempoPeligro', 'dangerTime'),
  time('TiempoEstable', 'stableTime'),
  {
    type: 'custom',
    name: 'Vco_v',
    label: label('entries'),
    control: entriesSelect(VCO),
    wide: true,
    read: readEntries,
    write: (value) => writeEntries(value),
  },
  {
    type: 'custom',
    name: 'Condiciones',
    label: label('conditions'),
    control: criterionConditions(VCO),
    wide: true,
    read: readCriterionConditions,
    write: (value, values) => writeCriterionConditions(value, entriesOf(customValue(values, 'Vco_v'))),
    check: (value) => firstProblem(criterionConditionProblems(rowsOf<CriterionRow>(value))),
  },
];

/** Criteria (MACH-020): the four times, the VCO/VCOV entries and the conditions over them; DESCONOCIDO is fixed. */
export const CRITERION = catalogKind('criteria', 'criterion', ['UsuCriterioID', 'AdminCriterioID', 'AdminCriterioGUID'], {
  names: 'bilingual',
  fields: CRITERION_FIELDS,
  fixed: (item) => item.Sistema === true,
});

/** The kinds of the screen, in the order of the type selector and the trees. */
export const CRITERIA_KINDS: readonly CatalogKind[] = [CRITERION, VCO];
