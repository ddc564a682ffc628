import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Typography, theme } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../api/client';
import { ApiError } from '../api/errors';
import { keys } from '../api/keys';
import type { LoginInput } from '../api/types';
import { VerticalForm } from '../components/VerticalForm';
import { applyLanguage } from '../i18n';
import { LanguageSelect } from './LanguageSelect';
import { ProductLogo } from './ProductMark';
import { useApiError } from './useApiError';

/** Where to go after signing in: back to the page the session ended on, else Inicio. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : '/';
}

/** Sign-in page (public). */
export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [form] = Form.useForm<LoginInput>();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const onError = useApiError();
  const [failure, setFailure] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: (body: LoginInput) => unwrap(api.POST('/api/auth/login', { body })),
    onMutate: () => setFailure(null),
    onSuccess: async (me) => {
      queryClient.setQueryData(keys.me, me);
      applyLanguage(me.Idioma);
      await navigate(returnPath(location.state), { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 429)) {
        const fallback = error.status === 429 ? t('login.throttled') : t('login.failed');
        setFailure(error.errors[0]?.message || fallback);
        form.setFieldValue('Password', '');
        form.focusField('Password');
        return;
      }
      onError(error, form);
    },
  });

  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={16}
      style={{ minHeight: '100vh', padding: 16, background: token.colorBgLayout }}
    >
      <Card style={{ width: '100%', maxWidth: 400 }} styles={{ body: { padding: 32 } }}>
        <Flex vertical align="center" gap={4} style={{ marginBottom: 24 }}>
          <ProductLogo size={48} />
          <Typography.Title level={2} style={{ margin: '8px 0 0' }}>
            {t('app.name')}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
            {t('app.tagline')}
          </Typography.Text>
        </Flex>
        <VerticalForm<LoginInput> form={form} name="login" requiredMark={false} onFinish={(values) => login.mutate(values)}>
          <Form.Item
            name="Login"
            label={t('login.username')}
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item
            name="Password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </VerticalForm>
      </Card>
      <LanguageSelect />
    </Flex>
  );
}
