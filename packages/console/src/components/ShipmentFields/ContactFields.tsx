import { type DataOf, PORTAL_LIMITS } from '@trialab/api-contract';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Contract } from '../../services/contract';
import { rules } from '../formRules';

type AddressRow = DataOf<Contract['address']['receiveAddress']>[number];

/**
 * A contact block (sender, consignee, receive address) with the SPEC limits: name 16, phone 16,
 * company 32, e-mail 64, address 255; it can be filled from the address book.
 */
export function ContactFields({
  prefix,
  addresses,
  onPick,
}: {
  prefix: string;
  /** The user's address book to fill the block from; none (staff correcting a booking): no picker. */
  addresses?: AddressRow[];
  onPick?(address: AddressRow | undefined): void;
}) {
  const { t } = useTranslation();
  const { t: c } = useTranslation('portal', { keyPrefix: 'contact' });
  const form = Form.useFormInstance();
  return (
    <>
      {/* No field of its own (it fills the others): the label is tied to the select by id. */}
      {addresses && (
        <Form.Item label={t('portal.consumable.fromAddressBook')} htmlFor={`${prefix}-address-book`}>
          <Select
            id={`${prefix}-address-book`}
            allowClear
            data-testid={`${prefix}-address`}
            options={addresses.map((a) => ({
              value: a.id,
              label: `${a.name} ${a.phone} ${a.area} ${a.detail}`,
            }))}
            onChange={(id?: number) => {
              const a = addresses.find((x) => x.id === id);
              onPick?.(a);
              if (a)
                form.setFieldValue(prefix, {
                  name: a.name,
                  phone: a.phone,
                  area: a.area,
                  detail: a.detail,
                  company: a.company,
                  email: a.email,
                });
            }}
          />
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item
            name={[prefix, 'name']}
            label={c('name')}
            rules={[rules.required(c('name')), rules.max(c('name'), PORTAL_LIMITS.senderName), rules.name()]}
          >
            <Input data-testid={`${prefix}-name`} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name={[prefix, 'phone']}
            label={c('phone')}
            rules={[
              rules.required(c('phone')),
              rules.max(c('phone'), PORTAL_LIMITS.senderPhone),
              rules.phone(),
            ]}
          >
            <Input data-testid={`${prefix}-phone`} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name={[prefix, 'company']}
            label={c('company')}
            rules={[rules.max(c('company'), PORTAL_LIMITS.senderCompany)]}
          >
            <Input data-testid={`${prefix}-company`} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name={[prefix, 'email']}
            label={c('email')}
            rules={[rules.max(c('email'), PORTAL_LIMITS.senderEmail), rules.email()]}
          >
            <Input data-testid={`${prefix}-email`} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name={[prefix, 'area']}
            label={c('area')}
            rules={[rules.required(c('area')), rules.max(c('area'), 128)]}
          >
            <Input placeholder={c('areaHint')} data-testid={`${prefix}-area`} />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item
            name={[prefix, 'detail']}
            label={c('detail')}
            rules={[rules.required(c('detail')), rules.max(c('detail'), PORTAL_LIMITS.addressDetail)]}
          >
            <Input data-testid={`${prefix}-detail`} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** A booking's backup contact: name and phone (both or none, the booking's limits). */
export function BackupContactFields() {
  const { t: c } = useTranslation('portal', { keyPrefix: 'contact' });
  return (
    <Row gutter={16}>
      <Col span={6}>
        <Form.Item
          name="backupName"
          label={c('name')}
          rules={[rules.max(c('name'), PORTAL_LIMITS.senderName), rules.name()]}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item
          name="backupPhone"
          label={c('phone')}
          rules={[rules.max(c('phone'), PORTAL_LIMITS.senderPhone), rules.phone()]}
        >
          <Input />
        </Form.Item>
      </Col>
    </Row>
  );
}
