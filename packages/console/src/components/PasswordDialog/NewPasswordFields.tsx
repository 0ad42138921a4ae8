import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmProblem, passwordProblem, rule } from '../../utils/validators';

/** The new password (checked against the policy) and its confirmation, as fields of the caller's form. */
export function NewPasswordFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        label={t('password.newPassword')}
        rules={[rule((value) => passwordProblem(value, t))]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('password.confirmPassword')}
        dependencies={['password']}
        rules={[({ getFieldValue }) => rule((value) => confirmProblem(getFieldValue('password'), value, t))]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
