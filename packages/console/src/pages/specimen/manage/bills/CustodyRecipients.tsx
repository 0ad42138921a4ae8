// The tab "authorised recipients and witnesses" of /specimen/manage/out-warehouse-bill-confirm: the
// people each project lets take its specimens over or witness their destruction (masked card
// numbers; the full number is kept only as a keyed hash on the server), and the lab's custody
// settings (thresholds, the password fallback). docs/library.md "Identity-verified custody".
import {
  CARD_TYPES,
  type CustodySettings,
  FACE_MIN_THRESHOLD,
  LIBRARY_CUSTODY_PERMISSIONS as P,
  RECIPIENT_ROLES,
  type RecipientRow,
} from '@trialab/api-contract';
import { Button, Card, Form, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../../access/gates';
import { FormModal } from '../../../../components/FormModal';
import { rules } from '../../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../../components/ListPage';
import { ProjectSelect } from '../../../../components/ProjectSelect';
import type { RowAction } from '../../../../components/RowActions';
import type { Contract } from '../../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../../services/query';
import { feedback } from '../../../../utils/feedback';

interface Filter {
  projectId?: number;
  keyword?: string;
  role?: RecipientRow['role'];
}

interface Values {
  projectId: number;
  name: string;
  organisation: string;
  role: RecipientRow['role'];
  cardType: RecipientRow['cardType'];
  cardId?: string;
  phone?: string;
  userId?: number | null;
}

const invalidates = [(c: Contract) => c.libraryCustody.recipientList];

export function CustodyRecipients() {
  const { t } = useTranslation();
  const r = useTranslation('libraryCustody', { keyPrefix: 'recipients' }).t;
  const list = useListPage((c) => c.libraryCustody.recipientList, {} as Filter);
  const update = useEndpointMutation((c) => c.libraryCustody.recipientUpdate, { invalidates });
  const [editing, setEditing] = useState<RecipientRow | 'new' | null>(null);
  const roleOptions = RECIPIENT_ROLES.map((v) => ({ value: v, label: t(`libraryCustody.role.${v}`) }));

  const columns: ListColumn<RecipientRow>[] = [
    {
      dataIndex: 'projectNo',
      title: r('project'),
      width: 130,
      filter: { name: 'projectId', input: <ProjectSelect allowClear style={{ width: 220 }} /> },
    },
    { dataIndex: 'name', title: r('name'), width: 110 },
    { dataIndex: 'organisation', title: r('organisation'), width: 200 },
    {
      dataIndex: 'role',
      title: r('role'),
      width: 130,
      render: (v: RecipientRow['role']) => t(`libraryCustody.role.${v}`),
      filter: <Select allowClear style={{ width: 160 }} options={roleOptions} />,
    },
    { dataIndex: 'cardNoMasked', title: r('cardNo'), width: 190 },
    { dataIndex: 'phone', title: r('phone'), width: 130, render: (v: string | null) => v ?? '-' },
    { dataIndex: 'userName', title: r('user'), width: 120, render: (v: string | null) => v ?? '-' },
    {
      dataIndex: 'enabled',
      title: r('enabled'),
      width: 90,
      render: (v: boolean) => (
        <Tag color={v ? 'success' : 'default'}>{v ? r('enabledOn') : r('enabledOff')}</Tag>
      ),
    },
  ];
  const toggle = (row: RecipientRow) =>
    update.mutateAsync({
      params: { id: row.id },
      body: {
        version: row.version,
        name: row.name,
        organisation: row.organisation,
        role: row.role,
        phone: row.phone,
        userId: row.userId,
        enabled: !row.enabled,
      },
    });
  const actions: RowAction<RecipientRow>[] = [
    {
      label: r('editShort'),
      permission: P.recipientEdit,
      testId: (row) => `recipient-edit-${row.id}`,
      onClick: setEditing,
    },
    {
      label: (row) => (row.enabled ? r('disable') : r('enable')),
      permission: P.recipientEdit,
      danger: (row) => row.enabled,
      confirm: (row) => `${row.enabled ? r('disable') : r('enable')} ${row.name}?`,
      run: toggle,
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <SettingsCard />
      <ListPage
        list={list}
        rowKey="id"
        code="specimen.custody-recipients"
        columns={columns}
        filters={
          <Form.Item name="keyword" label={r('keywordLabel')}>
            <Input allowClear maxLength={64} placeholder={r('keyword')} />
          </Form.Item>
        }
        toolbar={
          <Permission value={[P.recipientEdit]}>
            <Button onClick={() => setEditing('new')} data-testid="recipient-create">
              {r('create')}
            </Button>
          </Permission>
        }
        actions={{ width: 160, items: actions }}
      >
        <RecipientModal editing={editing} onClose={() => setEditing(null)} />
      </ListPage>
    </Space>
  );
}

function RecipientModal({ editing, onClose }: { editing: RecipientRow | 'new' | null; onClose(): void }) {
  const { t } = useTranslation();
  const r = useTranslation('libraryCustody', { keyPrefix: 'recipients' }).t;
  const create = useEndpointMutation((c) => c.libraryCustody.recipientCreate, { invalidates });
  const update = useEndpointMutation((c) => c.libraryCustody.recipientUpdate, { invalidates });
  const users = useEndpointQuery((c) => c.user.listInnerSimple).data?.data ?? [];
  const row = editing && editing !== 'new' ? editing : null;
  const save = (v: Values) => {
    const fields = {
      name: v.name,
      organisation: v.organisation,
      role: v.role,
      phone: v.phone || null,
      userId: v.userId ?? null,
    };
    if (!row)
      return create.mutateAsync({
        body: { ...fields, projectId: v.projectId, cardType: v.cardType, cardId: v.cardId ?? '' },
      });
    const card = v.cardId ? { cardType: v.cardType, cardId: v.cardId } : {};
    return update.mutateAsync({
      params: { id: row.id },
      body: { ...fields, ...card, version: row.version, enabled: row.enabled },
    });
  };
  return (
    <FormModal<Values>
      open={editing !== null}
      title={row ? r('edit') : r('create')}
      name="recipient"
      testId="recipient-form"
      initialValues={
        row ? { ...row, phone: row.phone ?? '', cardId: '' } : { role: 'receiver', cardType: 'B' }
      }
      onSave={save}
      onClose={onClose}
    >
      <Form.Item name="projectId" label={r('project')} rules={[rules.chosen(r('project'))]}>
        <ProjectSelect disabled={row !== null} />
      </Form.Item>
      <Form.Item name="name" label={r('name')} rules={[rules.required(r('name')), rules.max(r('name'), 64)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="organisation"
        label={r('organisation')}
        rules={[rules.required(r('organisation')), rules.max(r('organisation'), 128)]}
      >
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="role" label={r('role')} rules={[rules.chosen(r('role'))]}>
        <Select options={RECIPIENT_ROLES.map((v) => ({ value: v, label: t(`libraryCustody.role.${v}`) }))} />
      </Form.Item>
      <Form.Item name="cardType" label={r('cardType')} rules={[rules.chosen(r('cardType'))]}>
        <Select options={CARD_TYPES.map((v) => ({ value: v, label: t(`lab.device.cardTypes.${v}`) }))} />
      </Form.Item>
      <Form.Item
        name="cardId"
        label={r('cardId')}
        extra={row ? `${row.cardNoMasked} · ${r('cardIdKeep')}` : r('cardIdHint')}
        rules={[...(row ? [] : [rules.required(r('cardId'))]), rules.max(r('cardId'), 32)]}
      >
        <Input maxLength={32} autoComplete="off" />
      </Form.Item>
      <Form.Item name="phone" label={r('phone')} rules={[rules.max(r('phone'), 32)]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="userId" label={r('user')} extra={r('userHint')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          options={users.map((u) => ({ value: u.id, label: u.username }))}
        />
      </Form.Item>
    </FormModal>
  );
}

/** The lab's custody settings: read by everyone on the page, changed with the setting permission. */
function SettingsCard() {
  const s = useTranslation('libraryCustody', { keyPrefix: 'settings' }).t;
  const current = useEndpointQuery((c) => c.libraryCustody.settings).data?.data;
  const save = useEndpointMutation((c) => c.libraryCustody.settingsUpdate, {
    invalidates: [(c: Contract) => c.libraryCustody.settings],
  });
  const [form] = Form.useForm<CustodySettings>();
  if (!current) return null;
  return (
    <Card size="small" title={s('title')} data-testid="custody-settings">
      <Form<CustodySettings>
        form={form}
        name="custody-settings"
        layout="inline"
        initialValues={current}
        style={{ rowGap: 8 }}
        onFinish={async (v) => {
          await save.mutateAsync({ body: v });
          feedback.success(s('saved'));
        }}
      >
        <Form.Item name="faceThreshold" label={s('faceThreshold')}>
          <InputNumber min={FACE_MIN_THRESHOLD} max={100} />
        </Form.Item>
        <Form.Item name="fingerprintThreshold" label={s('fingerprintThreshold')}>
          <InputNumber min={1} max={1000} />
        </Form.Item>
        <Form.Item name="passwordFallback" label={s('passwordFallback')} valuePropName="checked">
          <Switch checkedChildren={s('allowed')} unCheckedChildren={s('notAllowed')} />
        </Form.Item>
        <Permission value={[P.setting]}>
          <Button htmlType="submit" type="primary" data-testid="custody-settings-save">
            {s('save')}
          </Button>
        </Permission>
      </Form>
      <Typography.Text type="secondary">{s('hint')}</Typography.Text>
    </Card>
  );
}
