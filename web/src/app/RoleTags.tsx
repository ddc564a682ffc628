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

/** A user's types as tags; `describe` adds what each type allows. */
export function RoleTags({ tipos, describe = false }: { tipos: readonly string[] | null | undefined; describe?: boolean }) {
  const { t } = useTranslation();
  const label = useRoleLabel();
  const list = tipos ?? [];
  if (list.length === 0) return <Typography.Text type="secondary">{t('home.noTypes')}</Typography.Text>;
  return (
    <Flex wrap gap={4}>
      {list.map((tipo) => (
        <Tag key={tipo} color={COLORS[tipo]} title={label(tipo)} style={{ marginInlineEnd: 0 }}>
          {describe ? `${tipo} · ${label(tipo)}` : tipo}
        </Tag>
      ))}
    </Flex>
  );
}
