import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PORTAL_LIMITS } from '@trialab/api-contract';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { REFERENCE_STALE_MS, useEndpointQuery } from '../../services/query';
import { rules } from '../formRules';
import { nameOf, nameOptions } from '../localName';
import { useSampleTypes } from '../useSampleTypes';
import { sameTemperature } from './temperature';

export interface SampleRow {
  sampleTypeId?: number;
  temperatureId?: number;
  quantity?: number;
  unit?: string;
}

/**
 * The sample list of a shipment booking (the site's booking and the staff's correction): sample
 * type, transport temperature (transport conditions only), quantity up to 8 digits, unit; every
 * sample at one transport temperature (the server refuses it as well).
 */
export function ShipmentSamples({ name = 'samples' }: { name?: string }) {
  const { t } = useTranslation();
  const { t: s } = useTranslation('portal', { keyPrefix: 'shipment' });
  const types = useSampleTypes();
  const temps =
    useEndpointQuery((api) => api.sampleTransport.temperatures, {}, { staleTime: REFERENCE_STALE_MS }).data
      ?.data ?? [];
  return (
    <Form.List
      name={name}
      rules={[
        {
          validator: async (_, samples: SampleRow[] | undefined) => {
            if (!samples || samples.length === 0)
              throw new Error(t('portal.shared.required', { field: s('samples') }));
            if (!sameTemperature(samples)) throw new Error(t('portal.validation.sameTemperature'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, index) => (
            <Space key={field.key} align="start" wrap data-testid={`sample-row-${index}`}>
              <Form.Item name={[field.name, 'sampleTypeId']} rules={[rules.chosen(s('sampleType'))]}>
                <Select
                  placeholder={s('sampleType')}
                  aria-label={s('sampleType')}
                  style={{ width: 160 }}
                  data-testid={`sample-type-${index}`}
                  options={nameOptions(types)}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'temperatureId']} rules={[rules.chosen(s('temperature'))]}>
                <Select
                  placeholder={s('temperature')}
                  aria-label={s('temperature')}
                  style={{ width: 200 }}
                  data-testid={`sample-temperature-${index}`}
                  options={temps.map((x) => ({
                    value: x.id,
                    label: `${nameOf(x)} (${x.range})`,
                  }))}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'quantity']}
                rules={[
                  rules.chosen(s('quantity')),
                  {
                    type: 'integer',
                    min: 1,
                    max: PORTAL_LIMITS.quantityMax,
                    message: t('portal.validation.quantity'),
                  },
                ]}
              >
                <InputNumber
                  placeholder={s('quantity')}
                  aria-label={s('quantity')}
                  min={1}
                  precision={0}
                  style={{ width: 140 }}
                  data-testid={`sample-quantity-${index}`}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'unit']}
                rules={[rules.required(s('unit')), rules.max(s('unit'), 16)]}
              >
                <Input placeholder={s('unit')} aria-label={s('unit')} style={{ width: 80 }} />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                onClick={() => remove(field.name)}
                aria-label={t('portal.shared.delete')}
              />
            </Space>
          ))}
          <Form.ErrorList errors={errors} />
          <Button icon={<PlusOutlined />} onClick={() => add({ unit: '管' })} data-testid="sample-add">
            {s('addSample')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
