import { Checkbox, Form, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { DIRECTIONS, RANGES, directionLabel } from '../pointForm';

/**
 * The measurement matrix of a point: one row per direction (V/H1, H/H2, A, labelled by the
 * mounting, TREE-092), one column per range (BR, AR, DM, MG), a checkbox for each of the
 * twelve Medida_* flags.
 */
export function MeasurementMatrix({ horizontal }: { horizontal: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const cell = { padding: '6px 16px', borderBottom: `1px solid ${token.colorBorderSecondary}`, textAlign: 'center' as const };
  return (
    <table
      aria-label={t('tree.sections.measurements')}
      style={{ borderCollapse: 'collapse', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius }}
    >
      <thead>
        <tr style={{ background: token.colorFillQuaternary }}>
          <th scope="col" style={{ ...cell, textAlign: 'start', fontWeight: 600 }}>
            {t('tree.fields.point.direction')}
          </th>
          {RANGES.map((r) => (
            <th key={r} scope="col" style={{ ...cell, fontWeight: 600 }}>
              {r.toUpperCase()}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {DIRECTIONS.map((d) => {
          const label = directionLabel(d, horizontal);
          return (
            <tr key={d}>
              <th scope="row" style={{ ...cell, textAlign: 'start', fontWeight: 600, minWidth: 90 }}>
                {label}
              </th>
              {RANGES.map((r) => (
                <td key={r} style={cell}>
                  <Form.Item name={`Medida_${d}_${r}`} valuePropName="checked" noStyle>
                    <Checkbox aria-label={`${label} ${r.toUpperCase()}`} />
                  </Form.Item>
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
