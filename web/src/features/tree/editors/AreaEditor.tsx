import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Area, AreaInput } from '../../../api/types';
import { NAME_MAX, nameRules } from './fields';
import { NodeEditor } from './NodeEditor';

interface AreaValues {
  NombreEs: string;
}

/** Area editor (/editor/area): its name; copy, create machine, paste machine, delete. */
export default function AreaEditor() {
  const { t } = useTranslation();
  return (
    <NodeEditor<'area', AreaValues>
      kind="area"
      toForm={(area: Area) => ({ NombreEs: area.NombreEs })}
      // TREE-038: both names take the name entered.
      toBody={(v): AreaInput => ({ NombreEs: v.NombreEs.trim(), NombreEn: v.NombreEs.trim() })}
    >
      {() => (
        <Form.Item name="NombreEs" label={t('tree.fields.name')} rules={nameRules(t)} style={{ maxWidth: 560 }}>
          <Input count={{ show: true, max: NAME_MAX }} />
        </Form.Item>
      )}
    </NodeEditor>
  );
}
