import { useRef } from 'react';
import { Alert, App, Button, Input, Modal, Space, Typography } from 'antd';
import type { InputRef } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * Shows a device's token, once: the server keeps only its hash, so closing this loses it. It
 * closes only through its button (no mask click, no Escape).
 */
export function TokenModal({ label, token, onClose }: { label: string; token: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<InputRef>(null);

  // navigator.clipboard is undefined on an insecure origin: the throw becomes the rejection.
  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(token))
      .then(
        () => void message.success(t('equipment.token.copied')),
        () => {
          // No clipboard (permission refused, insecure origin): leave the text selected to copy by hand.
          input.current?.select();
          void message.warning(t('equipment.token.copyFailed'));
        },
      );

  return (
    <Modal
      open
      title={t('equipment.token.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('equipment.token.close')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('equipment.token.intro', { label })}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Input
          ref={input}
          readOnly
          value={token}
          aria-label={t('equipment.token.field')}
          onFocus={(e) => e.target.select()}
          style={{ fontFamily: 'monospace' }}
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('equipment.token.copy')}
        </Button>
      </Space.Compact>
      <Alert type="warning" showIcon title={t('equipment.token.warning')} />
    </Modal>
  );
}
