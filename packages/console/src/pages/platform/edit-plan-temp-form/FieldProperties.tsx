import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { FORM_FIELD_KEY, FORM_LANGS, FORM_LIMITS } from '@trialab/api-contract';
import { Button, Checkbox, Form, Input, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { rules } from '../../../components/formRules';
import type { FieldDraft } from './drafts';

const LANG_KEYS = { 'zh-CN': 'ZhCN', 'en-US': 'EnUS', 'zh-HK': 'ZhHK' } as const;

/**
 * The side form of the selected field: the properties every field has, then those of its type.
 * Every change goes straight back to the designer (`onChange` with all values).
 */
export function FieldProperties(props: {
  field: FieldDraft;
  /** Keys of the other fields (a key is unique in the form). */
  otherKeys: string[];
  disabled: boolean;
  onChange(field: FieldDraft): void;
}) {
  const { t } = useTranslation('planTemplate', { keyPrefix: 'form' });
  const { field } = props;
  const texts = (prefix: 'label' | 'help' | 'pattern', required: boolean) =>
    FORM_LANGS.map((lang) => {
      const title = t(`${prefix}${LANG_KEYS[lang]}`);
      const name = prefix === 'pattern' ? ['pattern', 'message', lang] : [prefix, lang];
      return (
        <Form.Item
          key={lang}
          name={name}
          label={title}
          rules={required ? [rules.required(title), rules.max(title, 64)] : [rules.max(title, 200)]}
        >
          <Input maxLength={required ? 64 : 200} />
        </Form.Item>
      );
    });
  return (
    <Form
      layout="vertical"
      size="small"
      initialValues={field}
      disabled={props.disabled}
      data-testid="field-properties"
      onValuesChange={(_, all) => props.onChange({ ...all, type: field.type })}
    >
      <Form.Item
        name="key"
        label={t('key')}
        rules={[
          rules.required(t('key')),
          { pattern: FORM_FIELD_KEY, message: t('keyRule') },
          rules.unique(t('keyRule'), () => props.otherKeys),
        ]}
      >
        <Input maxLength={32} data-testid="field-key" />
      </Form.Item>
      {texts('label', true)}
      <Form.Item name="required" valuePropName="checked">
        <Checkbox data-testid="field-required">{t('required')}</Checkbox>
      </Form.Item>
      {texts('help', false)}
      {(field.type === 'text' || field.type === 'textarea') && (
        <Form.Item name="maxLength" label={t('maxLength')}>
          <InputNumber
            min={1}
            max={field.type === 'text' ? FORM_LIMITS.textMax : FORM_LIMITS.textareaMax}
            precision={0}
          />
        </Form.Item>
      )}
      {field.type === 'text' && (
        <>
          <Form.Item name={['pattern', 'regex']} label={t('pattern')}>
            <Input maxLength={200} placeholder="^[A-Z0-9-]{4,20}$" />
          </Form.Item>
          {texts('pattern', false)}
        </>
      )}
      {field.type === 'number' && (
        <Space wrap>
          <Form.Item name="min" label={t('min')}>
            <InputNumber />
          </Form.Item>
          <Form.Item name="max" label={t('max')}>
            <InputNumber />
          </Form.Item>
          <Form.Item name="precision" label={t('precision')}>
            <InputNumber min={0} max={6} precision={0} />
          </Form.Item>
        </Space>
      )}
      {field.type === 'file' && (
        <Form.Item name="maxFiles" label={t('maxFiles')}>
          <InputNumber min={1} max={FORM_LIMITS.files} precision={0} />
        </Form.Item>
      )}
      {(field.type === 'select' || field.type === 'multiSelect') && (
        <>
          <Form.Item name="dictNo" label={t('dictNo')}>
            <InputNumber min={1000} max={9999} precision={0} />
          </Form.Item>
          <Form.List name="options">
            {(items, { add, remove }) => (
              <>
                {items.map((item) => (
                  <Space key={item.key} align="baseline" wrap>
                    <Form.Item name={[item.name, 'value']} rules={[rules.required(t('optionValue'))]}>
                      <Input placeholder={t('optionValue')} style={{ width: 80 }} maxLength={64} />
                    </Form.Item>
                    {FORM_LANGS.map((lang) => (
                      <Form.Item
                        key={lang}
                        name={[item.name, 'label', lang]}
                        rules={[rules.required(t(`label${LANG_KEYS[lang]}`))]}
                      >
                        <Input placeholder={lang} style={{ width: 90 }} maxLength={64} />
                      </Form.Item>
                    ))}
                    <MinusCircleOutlined onClick={() => remove(item.name)} aria-label={t('remove')} />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => add({ value: String(items.length + 1), label: {} })}
                >
                  {t('addOption')}
                </Button>
              </>
            )}
          </Form.List>
        </>
      )}
    </Form>
  );
}
