import { AppstoreOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MeFactory } from '../api/types';
import { isTemplateWorkspace } from './workspace';

/** The name a factory is shown under: the template workspace is named for what it holds. */
export function useFactoryName(): (factory: MeFactory | undefined) => string {
  const { t } = useTranslation();
  return (factory) => (isTemplateWorkspace(factory) ? t('tree.templates.workspace') : (factory?.Nombre ?? ''));
}

/** The template workspace's mark, shown before its name wherever it appears. */
export function WorkspaceMark() {
  const { token } = theme.useToken();
  return <AppstoreOutlined aria-hidden style={{ color: token.purple, marginInlineEnd: 6 }} />;
}
