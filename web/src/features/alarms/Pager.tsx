import type { ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pageList } from './precalc';

/**
 * The results' pager (ALRM-013, ALRM-014): first, previous, the current page with up to two
 * neighbours each side, next and last.
 */
export function Pager({ page, count, onChange }: { page: number; count: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  const arrow = (label: string, icon: ReactNode, to: number, disabled: boolean) => (
    <Button size="small" aria-label={label} title={label} icon={icon} disabled={disabled} onClick={() => onChange(to)} />
  );
  return (
    <Flex component="nav" aria-label={t('precalc.pager.label')} align="center" gap={4} wrap>
      {arrow(t('precalc.pager.first'), <DoubleLeftOutlined />, 1, page <= 1)}
      {arrow(t('precalc.pager.previous'), <LeftOutlined />, page - 1, page <= 1)}
      {pageList(page, count).map((p) => (
        <Button
          key={p}
          size="small"
          type={p === page ? 'primary' : 'default'}
          aria-label={t('precalc.pager.page', { page: p })}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => onChange(p)}
          style={{ minWidth: 32 }}
        >
          {p}
        </Button>
      ))}
      {arrow(t('precalc.pager.next'), <RightOutlined />, page + 1, page >= count)}
      {arrow(t('precalc.pager.last'), <DoubleRightOutlined />, count, page >= count)}
      <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
        {t('precalc.pager.of', { page, count })}
      </Typography.Text>
    </Flex>
  );
}
