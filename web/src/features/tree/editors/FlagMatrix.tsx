import { Checkbox, Form, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DIRECTIONS, POINT_RANGES, RANGES, directionLabel, type Direction } from '../pointForm';

/** A column of a flag matrix: its key and header. */
export interface FlagColumn {
  key: string;
  label: string;
}

/**
 * A point's flags by direction: one row per direction (V/H1, H/H2, A, labelled by the
 * mounting, TREE-092), one checkbox per column, bound to the form field `field(direction,
 * column)`. The measurement matrix (directions × ranges) and the protection matrix
 * (directions × what is watched) are both one.
 */
export function FlagMatrix({
  label,
  horizontal,
  columns,
  field,
}: {
  label: string;
  horizontal: boolean;
  columns: readonly FlagColumn[];
  field: (direction: Direction, column: string) => string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const cell = { padding: '6px 16px', borderBottom: `1px solid ${token.colorBorderSecondary}`, textAlign: 'center' as const };
  // Scrolls sideways on narrow screens rather than squeezing the columns.
  return (
    <div style={{ overflowX: 'auto', marginBottom: 24 }}>
      <table
        aria-label={label}
        style={{ borderCollapse: 'collapse', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius }}
      >
        <thead>
          <tr style={{ background: token.colorFillQuaternary }}>
            <th scope="col" style={{ ...cell, textAlign: 'start', fontWeight: 600 }}>
              {t('tree.fields.point.direction')}
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" style={{ ...cell, fontWeight: 600 }}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {DIRECTIONS.map((d) => {
            const row = directionLabel(d, horizontal);
            return (
              <tr key={d}>
                <th scope="row" style={{ ...cell, textAlign: 'start', fontWeight: 600, minWidth: 90 }}>
                  {row}
                </th>
                {columns.map((c) => (
                  <td key={c.key} style={cell}>
                    <Form.Item name={field(d, c.key)} valuePropName="checked" noStyle>
                      <Checkbox aria-label={`${row} ${c.label}`} />
                    </Form.Item>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Range columns headed by the language's code of each range (English: LR and HR for BR and AR). */
const rangeColumns = (t: TFunction, ranges: readonly string[]): FlagColumn[] =>
  ranges.map((r) => ({ key: r, label: t(`common.rangeCodes.${r.toUpperCase() as 'BR' | 'AR' | 'DM' | 'MG'}`) }));
/** The columns of a point's measurement matrix (BR, AR, DM: TREE-095). */
export const pointRangeColumns = (t: TFunction) => rangeColumns(t, POINT_RANGES);
/** The columns of a prediction's measurement matrix (BR, AR, DM, MG: TREE-096). */
export const predictionRangeColumns = (t: TFunction) => rangeColumns(t, RANGES);
