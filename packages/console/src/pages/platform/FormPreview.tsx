import type { FormField } from '@trialab/api-contract';
import { Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DynamicFields } from '../../components/DynamicForm';
import { feedback } from '../../utils/feedback';

/**
 * A form template as it will be filled in, with the shared rules: "check" validates what was typed
 * in the preview the way the server will check a project's submission.
 */
export function FormPreview({ fields }: { fields: readonly FormField[] }) {
  const { t } = useTranslation('planTemplate', { keyPrefix: 'form' });
  const [form] = Form.useForm();
  const check = () =>
    form.validateFields().then(
      () => feedback.success(t('checkOk')),
      // antd shows each broken rule under its field.
      () => undefined,
    );
  return (
    <Card
      size="small"
      title={t('preview')}
      extra={
        <Button size="small" onClick={check} data-testid="form-preview-check">
          {t('check')}
        </Button>
      }
    >
      <Form form={form} layout="vertical" data-testid="form-preview">
        <DynamicFields fields={fields} />
      </Form>
    </Card>
  );
}
