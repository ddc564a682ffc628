import { useState } from 'react';
import { Alert, Button, Flex } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';

/** Whether a save was refused because another user changed the item since it was read (412). */
export const isChanged = (error: unknown): boolean => error instanceof ApiError && error.status === 412;

/** Loads the current values of an item another user changed (`onLoad`), in place of the typed ones. */
export function ChangedLoad({ onLoad }: { onLoad: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const load = () => {
    setLoading(true);
    void onLoad().finally(() => setLoading(false));
  };
  return (
    <Button icon={<ReloadOutlined />} loading={loading} onClick={load}>
      {t('common.changed.load')}
    </Button>
  );
}

/**
 * Says that another user saved the item being edited, so the save was refused: the typed values
 * stay in the form until the user loads the current ones to apply theirs again.
 */
export function ChangedAlert({ onLoad }: { onLoad: () => Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={t('common.changed.title')}
      // The button under the text, which a modal's width would squeeze beside it.
      description={
        <Flex vertical gap={8} align="flex-start">
          {t('common.changed.kept')}
          <ChangedLoad onLoad={onLoad} />
        </Flex>
      }
    />
  );
}
