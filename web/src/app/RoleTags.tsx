import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN, U_EDITOR } from './roles';

const COLORS: Record<string, string> = { [ADMIN]: 'gold', [U_EDITOR]: 'blue' };

/** Meaning of a user type: ADMIN, U_EDITOR, or read-only for any other value. */
export function useRoleLabel() {
  const { t } = useTranslation();
  return (tipo: string) =>
    tipo === ADMIN ? t('roles.ADMIN') : tipo === U_EDITOR ? t('roles.U_EDITOR') : t('roles.readOnly');
}

/** A user's types as tags, by their names (the code on hover); types of the same meaning show once. */
export function RoleTags({ tipos }: { tipos: readonly string[] | null | undefined }) {
  const { t } = useTranslation();
  const label = useRoleLabel();
  const list = tipos ?? [];
  if (list.length === 0) return <Typography.Text type="secondary">{t('home.noTypes')}</Typography.Text>;
  const byName = new Map<string, string[]>();
  for (const tipo of list) byName.set(label(tipo), [...(byName.get(label(tipo)) ?? []), tipo]);
  return (
    <Flex wrap gap={4}>
      {[...byName].map(([name, codes]) => (
        <Tag key={name} color={COLORS[codes[0]]} title={codes.join(', ')} style={{ marginInlineEnd: 0 }}>
          {name}
        </Tag>
      ))}
    </Flex>
  );
}
