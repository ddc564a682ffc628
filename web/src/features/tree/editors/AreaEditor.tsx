import type { Area, AreaInput } from '../../../api/types';
import { NameItem } from './fields';
import { NodeEditor } from './NodeEditor';

interface AreaValues {
  NombreEs: string;
}

/** Area editor (/editor/area): its name; copy, create machine, paste machine, delete. */
export default function AreaEditor() {
  return (
    <NodeEditor<'area', AreaValues>
      kind="area"
      toForm={(area: Area) => ({ NombreEs: area.NombreEs })}
      // TREE-038: both names take the name entered.
      toBody={(v): AreaInput => ({ NombreEs: v.NombreEs.trim(), NombreEn: v.NombreEs.trim() })}
    >
      {() => <NameItem style={{ maxWidth: 560 }} />}
    </NodeEditor>
  );
}
