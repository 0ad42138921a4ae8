import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  MinusCircleOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { PLAN_LIMITS } from '@trialab/api-contract';
import { Button, Card, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { rules } from '../../../components/formRules';
import { t as text } from '../../../locales';

type Options = Array<{ value: number; label: string }>;
/** Required for a number box: only `required` and its message (the text rule checks for a string). */
const requiredNumber = (label: string) => ({
  required: true,
  message: text('portal.shared.required', { field: label }),
});

/**
 * The stages of a plan in order (up/down), each with its tasks: name, default owner role, start
 * day and length, approval and the form to fill (a published form template revision).
 */
export function StagesEditor({ roles, forms }: { roles: Options; forms: Options }) {
  const { t } = useTranslation('planTemplate', { keyPrefix: 'plan' });
  return (
    <Form.List name="stages">
      {(stages, { add, remove, move }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          {stages.map((stage, index) => (
            <Card
              key={stage.key}
              size="small"
              data-testid={`plan-stage-${index}`}
              title={
                <Form.Item
                  name={[stage.name, 'name']}
                  rules={[rules.required(t('stage')), rules.max(t('stage'), 32)]}
                  style={{ margin: 0 }}
                >
                  <Input placeholder={t('stage')} maxLength={32} style={{ maxWidth: 240 }} />
                </Form.Item>
              }
              extra={
                <Space size={0}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label="up"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label="down"
                    disabled={index === stages.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('removeStage')}
                    onClick={() => remove(stage.name)}
                  />
                </Space>
              }
            >
              <Form.List name={[stage.name, 'tasks']}>
                {(tasks, taskOps) => (
                  <>
                    {tasks.map((task) => (
                      <Space key={task.key} align="baseline" wrap>
                        <Form.Item
                          name={[task.name, 'name']}
                          rules={[rules.required(t('task')), rules.max(t('task'), 64)]}
                        >
                          <Input placeholder={t('task')} maxLength={64} style={{ width: 180 }} />
                        </Form.Item>
                        <Form.Item name={[task.name, 'ownerRoleId']}>
                          <Select
                            allowClear
                            placeholder={t('ownerRole')}
                            options={roles}
                            style={{ width: 130 }}
                          />
                        </Form.Item>
                        <Form.Item name={[task.name, 'offsetDays']} rules={[requiredNumber(t('offsetDays'))]}>
                          <InputNumber
                            min={0}
                            max={PLAN_LIMITS.days}
                            precision={0}
                            placeholder={t('offsetDays')}
                            style={{ width: 150 }}
                          />
                        </Form.Item>
                        <Form.Item
                          name={[task.name, 'durationDays']}
                          rules={[requiredNumber(t('durationDays'))]}
                        >
                          <InputNumber
                            min={1}
                            max={PLAN_LIMITS.days}
                            precision={0}
                            placeholder={t('durationDays')}
                            style={{ width: 130 }}
                          />
                        </Form.Item>
                        <Form.Item name={[task.name, 'needsApproval']} valuePropName="checked">
                          <Checkbox>{t('needsApproval')}</Checkbox>
                        </Form.Item>
                        <Form.Item name={[task.name, 'formTemplateId']}>
                          <Select
                            allowClear
                            placeholder={t('formTemplate')}
                            options={forms}
                            style={{ width: 200 }}
                          />
                        </Form.Item>
                        <MinusCircleOutlined
                          onClick={() => taskOps.remove(task.name)}
                          aria-label={t('task')}
                        />
                      </Space>
                    ))}
                    <Button
                      type="dashed"
                      size="small"
                      icon={<PlusOutlined />}
                      disabled={tasks.length >= PLAN_LIMITS.tasks}
                      onClick={() => taskOps.add({ needsApproval: false, durationDays: 1 })}
                      data-testid={`plan-task-add-${index}`}
                    >
                      {t('addTask')}
                    </Button>
                  </>
                )}
              </Form.List>
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={stages.length >= PLAN_LIMITS.stages}
            onClick={() => add({ tasks: [] })}
            data-testid="plan-stage-add"
          >
            {t('addStage')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
