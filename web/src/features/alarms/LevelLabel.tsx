import { Flex } from 'antd';
import { LEVEL_COLORS, LEVEL_FIELDS, type LevelField } from './levels';

/** A level's name after its colour's marker (the chart lines' yellow, amber and red), so that a column or a field reads at a glance. */
export function LevelLabel({ level, children }: { level: LevelField; children: string }) {
  return (
    <Flex component="span" align="center" gap={6} style={{ display: 'inline-flex' }}>
      <span
        aria-hidden
        style={{ width: 12, height: 12, flex: 'none', borderRadius: 2, background: LEVEL_COLORS[LEVEL_FIELDS.indexOf(level)], border: '1px solid #d9d9d9' }}
      />
      {children}
    </Flex>
  );
}
