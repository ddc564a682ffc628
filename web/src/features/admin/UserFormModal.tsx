import { Flex, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Factory, User, UserInput } from '../../api/types';
import { useLanguageOptions } from '../../app/LanguageSelect';
import { ADMIN, U_EDITOR, U_LECTOR, isAdmin } from '../../app/roles';
import { useRoleLabel } from '../../app/RoleTags';
import { currentLanguage } from '../../i18n';
import { editedUser, useSaveUser } from './api';
import { SaveModal } from '../../components/FormModal';

/** Longest login or name the server accepts. */
export const USER_TEXT_MAX = 100;

/**
 * Form values: the request body, with the password optional when editing. (Pick, not Omit: the
 * body type is open to extra properties, and Omit over an index signature keeps only that.)
 */
type UserFormValues = Pick<UserInput, 'Login' | 'Nombre' | 'Tipos' | 'Fabricas' | 'Idioma' | 'Activo'> & {
  Password?: string;
};

/** What a save sends: the types trimmed, once each; no password (empty) keeps the stored one. */
function userBody(values: UserFormValues): UserInput {
  return {
    Login: values.Login.trim(),
    Nombre: values.Nombre.trim(),
    Password: values.Password ?? '',
    Tipos: [...new Set((values.Tipos ?? []).map((x) => x.trim()).filter(Boolean))],
    Fabricas: values.Fabricas ?? [],
    Idioma: values.Idioma,
    Activo: values.Activo,
  };
}

/** The form's values of a stored user: no new password. */
const formOf = (user: User): UserFormValues => ({
  Login: user.Login,
  Nombre: user.Nombre,
  Password: '',
  Tipos: user.Tipos ?? [],
  Fabricas: user.Fabricas ?? [],
  Idioma: user.Idioma,
  Activo: user.Activo,
});

/**
 * Create (no `user`) or edit a user, as they are when the modal opens. The password is required
 * on create; on edit it is optional and, when given, resets the user's password. Mounted while open.
 */
export function UserFormModal({
  user,
  factories,
  onClose,
}: {
  user?: User;
  factories: Factory[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveUser();
  const languageOptions = useLanguageOptions();
  const roleLabel = useRoleLabel();
  const creating = user === undefined;
  const required = { required: true, message: t('validation.required') };
  const requiredText = { ...required, whitespace: true };
  const maxRule = { max: USER_TEXT_MAX, message: t('validation.maxLength', { max: USER_TEXT_MAX }) };

  // A new user speaks the language of the administrator who adds them, until told otherwise.
  const initialValues: UserFormValues = user
    ? formOf(user)
    : { Login: '', Nombre: '', Password: '', Tipos: [], Fabricas: [], Idioma: currentLanguage(), Activo: true };

  return (
    <SaveModal
      name="user"
      title={creating ? t('admin.users.newTitle') : t('admin.users.editTitle')}
      save={save}
      edited={user && editedUser(user, formOf)}
      request={(values: UserFormValues, base) => ({ id: user?.UsuarioID, body: userBody(values), base })}
      saved={creating ? t('admin.users.created') : t('admin.users.saved')}
      width={560}
      initialValues={initialValues}
      onClose={onClose}
    >
      <Form.Item name="Login" label={t('admin.users.login')} rules={[requiredText, maxRule]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="Nombre" label={t('admin.users.name')} rules={[requiredText, maxRule]}>
        <Input />
      </Form.Item>
      {creating ? (
        <Form.Item name="Password" label={t('admin.users.password')} rules={[required]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      ) : (
        <Form.Item name="Password" label={t('admin.users.newPassword')} extra={t('admin.users.newPasswordHelp')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      )}
      <Form.Item
        name="Tipos"
        label={t('admin.users.types')}
        extra={t('admin.users.typesHelp')}
        rules={[{ required: true, type: 'array', min: 1, message: t('validation.atLeastOne') }]}
      >
        <Select
          mode="tags"
          placeholder={t('admin.users.typesPlaceholder')}
          tokenSeparators={[',', ' ']}
          optionFilterProp="label"
          options={[ADMIN, U_EDITOR, U_LECTOR].map((value) => ({ value, label: roleLabel(value) }))}
        />
      </Form.Item>
      {/* An administrator reaches every factory whatever the list says: the form says so. */}
      <Form.Item noStyle dependencies={['Tipos']}>
        {({ getFieldValue }) => (
          <Form.Item
            name="Fabricas"
            label={t('admin.users.factories')}
            extra={isAdmin(getFieldValue('Tipos') as string[]) ? t('admin.users.adminFactoriesHelp') : undefined}
          >
            <Select
              mode="multiple"
              placeholder={t('admin.users.factoriesPlaceholder')}
              options={factories.map((f) => ({ value: f.UsuFabricaID, label: f.Nombre }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        )}
      </Form.Item>
      <Flex gap={24} wrap>
        <Form.Item name="Idioma" label={t('admin.users.language')} rules={[required]} style={{ minWidth: 180 }}>
          <Select options={languageOptions} />
        </Form.Item>
        <Form.Item
          name="Activo"
          label={t('admin.users.active')}
          valuePropName="checked"
          extra={creating ? undefined : t('admin.users.inactiveHelp')}
          style={{ flex: 1, minWidth: 200 }}
        >
          <Switch />
        </Form.Item>
      </Flex>
    </SaveModal>
  );
}
