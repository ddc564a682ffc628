import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTION_COLORS, describeChange } from './operations';

/**
 * What a change did, as a tag of its action's colour, and on what, by name when it has one:
 * 'Alta Máquina Bomba P-101'; the operation's id on hover.
 */
export function ChangeWhat({ operation, name }: { operation: string; name?: string }) {
  const { t } = useTranslation();
  const { action, subject } = describeChange(operation);
  return (
    <span>
      <Tag color={ACTION_COLORS[action]} title={operation} style={{ marginInlineEnd: 2 }}>
        {t(`audit.actions.${action}`)}
      </Tag>{' '}
      {subject && <Typography.Text type="secondary">{t(`audit.subjects.${subject}`)}</Typography.Text>}
      {name && <Typography.Text strong> {name}</Typography.Text>}
    </span>
  );
}
