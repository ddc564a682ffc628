import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { LevelLabel } from '../alarms/LevelLabel';
import type { Unit } from '../../lib/units';
import type { Reference } from './api';
import { REFERENCE_FIELDS } from './referenceValues';
import { groupUnit, groupValues, type ReferenceGroupKey } from './referenceForm';
import './referenceGrid.css';

/**
 * A condition's reference values at a glance: a row per direction (and a VCP's temperature),
 * the warning, alarm and danger in columns under their colours, and the unit.
 */
export function ReferenceGrid({ reference, groups, unit }: { reference: Reference; groups: readonly ReferenceGroupKey[]; unit?: Unit }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <table className="vigia-reference-grid">
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{t('alarms.columns.direction')}</span>
          </th>
          {REFERENCE_FIELDS.map((f) => (
            <th key={f} scope="col">
              <LevelLabel level={f}>{t(`vcvs.references.fields.${f}`)}</LevelLabel>
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">{t('alarms.columns.unit')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g) => (
          <tr key={g}>
            <th scope="row">{t(`vcvs.references.groups.${g}`)}</th>
            {groupValues(reference, g, language).map((v, i) => (
              <td key={REFERENCE_FIELDS[i]}>{v}</td>
            ))}
            <td>{groupUnit(g, unit)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
