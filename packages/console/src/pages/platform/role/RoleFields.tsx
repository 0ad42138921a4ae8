import { ROLE_CODE_PATTERN } from '@trialab/api-contract';
import { Form, Input } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { rules } from '../../../components/formRules';

/** A role's names (Chinese, English), code and remark: the role editor's fields and the copy dialog's. */
export function RoleFields({ inputStyle }: { inputStyle?: CSSProperties }) {
  const { t } = useTranslation('roles', { keyPrefix: 'list' });
  const { t: f } = useTranslation('roles', { keyPrefix: 'form' });
  return (
    <>
      <Form.Item name="name" label={t('name')} rules={[rules.required(t('name')), rules.max(t('name'), 32)]}>
        <Input maxLength={32} style={inputStyle} />
      </Form.Item>
      <Form.Item name="enName" label={t('enName')} rules={[rules.max(t('enName'), 64)]}>
        <Input maxLength={64} style={inputStyle} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('code')}
        extra={f('codeRule')}
        rules={[rules.required(t('code')), { pattern: ROLE_CODE_PATTERN, message: f('codeRule') }]}
      >
        <Input maxLength={32} style={inputStyle} />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')} rules={[rules.max(t('remark'), 255)]}>
        <Input.TextArea rows={2} maxLength={255} />
      </Form.Item>
    </>
  );
}
