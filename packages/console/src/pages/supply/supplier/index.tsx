import { UploadOutlined } from '@ant-design/icons';
import {
  type DataOf,
  QUALIFICATION_KINDS,
  QUALIFICATION_WINDOWS,
  QUALIFICATION_WORDS,
  SUPPLIER_STATES,
  SUPPLY_PERMISSIONS,
  type SupplierState,
  wordIn,
} from '@trialab/api-contract';
import {
  Button,
  DatePicker,
  Form,
  Input,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import { useExpiryWords } from '../../../components/Expiry';
import { FormModal } from '../../../components/FormModal';
import { ListField } from '../../../components/FormPage';
import { formatTime } from '../../../components/format';
import { rules } from '../../../components/formRules';
import { type ListColumn, ListPage, useListPage } from '../../../components/ListPage';
import type { RowAction } from '../../../components/RowActions';
import { i18n } from '../../../locales';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';
import { uploadPicked } from '../../../services/files';

type SupplierRow = DataOf<Contract['supplier']['page']>[number];
type Qualification = SupplierRow['qualifications'][number];
interface Filter {
  keyword?: string;
  status?: SupplierState;
  expiringDays?: number;
}
interface QualificationValues {
  kind: Qualification['kind'];
  docNo: string;
  expiryDate: Dayjs;
  required: boolean;
  fileId?: number | null;
  file?: UploadFile[];
}
interface Values {
  code: string;
  name: string;
  enName?: string | null;
  address?: string | null;
  contacts: Array<{ name: string; role?: string | null; phone?: string | null; email?: string | null }>;
  qualifications: QualificationValues[];
}

const kindWord = (kind: string) => wordIn(QUALIFICATION_WORDS, kind, i18n.language) ?? kind;

/** A qualification as a tag: the document, its number and how near its expiry is, in words. */
function QualificationTag({ doc }: { doc: Qualification }) {
  const { t } = useTranslation('supplySuppliers');
  const { words: when, color } = useExpiryWords()(doc.daysLeft, doc.expiryDate);
  return (
    <Tag
      color={color}
      data-testid={`qualification-${doc.docNo}`}
      style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}
    >
      {`${kindWord(doc.kind)} ${doc.docNo} · ${when}${doc.required ? '' : ` · ${t('optional')}`}${doc.fileId ? ` · ${t('attached')}` : ''}`}
    </Tag>
  );
}

/**
 * The columns' widths: together (1,020 px) within the page's table at 1440 × 900 (the window less the
 * 300 px menu, the content's margins and the card's padding), so that no column, the block reason
 * least of all, starts under the pinned action column. Tags and the reason wrap within them.
 */
export const SUPPLIER_WIDTHS = {
  code: 120,
  name: 170,
  qualifications: 290,
  status: 180,
  contacts: 150,
  // "Make active" (en-US) on one line.
  actions: 110,
} as const;

/** The qualifications' files chosen in the form are uploaded on save (POST /file/upload). */
async function bodyOf(v: Values) {
  const qualifications = await Promise.all(
    (v.qualifications ?? []).map(async ({ file, fileId, expiryDate, ...q }) => {
      const picked = file?.[0]?.originFileObj;
      return {
        ...q,
        required: q.required ?? false,
        expiryDate: expiryDate.format('YYYY-MM-DD'),
        fileId: picked ? (await uploadPicked(picked)).id : (fileId ?? null),
      };
    }),
  );
  return { ...v, contacts: v.contacts ?? [], qualifications };
}

/**
 * /supply/supplier: suppliers with their contacts and qualifications (each document's expiry said
 * in words: days left within 30/60/90, expired), active or blocked with a reason. The home to-do
 * opens it on `?expiringDays=30`. Stock-in refuses a blocked supplier's lots or those of one whose
 * required document has expired (the server says which).
 */
export default function SupplierPage() {
  const { t } = useTranslation('supplySuppliers');
  const list = useListPage((c) => c.supplier.page, {} as Filter, {
    url: { expiringDays: 'id', status: 'one' },
  });
  const [editing, setEditing] = useState<SupplierRow | 'new' | null>(null);

  const setStatus = (row: SupplierRow, status: SupplierState, reason?: string) =>
    callEndpoint((c) => c.supplier.status, {
      params: { id: row.id },
      body: { version: row.version, status, reason: reason ?? null },
    }).then(() => list.reload());

  const columns: ListColumn<SupplierRow>[] = [
    col.text<SupplierRow>('code', t('code'), SUPPLIER_WIDTHS.code),
    {
      dataIndex: 'name',
      title: t('name'),
      width: SUPPLIER_WIDTHS.name,
      // The address under the name: one column fewer, so that the table fits at 1440 px.
      ellipsis: false,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.name}</span>
          {r.address && <Typography.Text type="secondary">{r.address}</Typography.Text>}
        </Space>
      ),
    },
    {
      dataIndex: 'qualifications',
      title: t('qualifications'),
      width: SUPPLIER_WIDTHS.qualifications,
      ellipsis: false,
      filter: {
        name: 'expiringDays',
        label: t('expiring'),
        input: (
          <Select
            allowClear
            data-testid="supplier-expiring"
            options={QUALIFICATION_WINDOWS.map((days) => ({ value: days, label: t('within', { days }) }))}
          />
        ),
      },
      render: (_, r) =>
        r.qualifications.length === 0 ? (
          t('noQualifications')
        ) : (
          <Space direction="vertical" size={4}>
            {r.qualifications.map((doc) => (
              <QualificationTag key={doc.id} doc={doc} />
            ))}
          </Space>
        ),
    },
    {
      dataIndex: 'status',
      title: t('status'),
      width: SUPPLIER_WIDTHS.status,
      // The reason and who blocked it are read whole: the cell wraps.
      ellipsis: false,
      filter: {
        input: (
          <Select
            allowClear
            options={SUPPLIER_STATES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          />
        ),
      },
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Tag color={r.status === 'blocked' ? 'error' : 'success'} data-testid={`supplier-status-${r.code}`}>
            {t(`statuses.${r.status}`)}
          </Tag>
          {r.blockReason && <span>{`${t('blockReason')}: ${r.blockReason}`}</span>}
          {r.blockedAt && (
            <span>{t('blockedBy', { name: r.blockedByName ?? '-', time: formatTime(r.blockedAt) })}</span>
          )}
        </Space>
      ),
    },
    {
      dataIndex: 'contacts',
      title: t('contacts'),
      width: SUPPLIER_WIDTHS.contacts,
      ellipsis: false,
      render: (_, r) =>
        r.contacts.length === 0
          ? '-'
          : r.contacts.map((c) => (
              <div key={`${c.name}-${c.phone}`}>{[c.name, c.role, c.phone].filter(Boolean).join(' · ')}</div>
            )),
    },
  ];
  const actions: RowAction<SupplierRow>[] = [
    {
      label: t('edit'),
      permission: SUPPLY_PERMISSIONS.supplierEdit,
      testId: (row) => `supplier-edit-${row.code}`,
      onClick: (row) => setEditing(row),
    },
    {
      label: t('block'),
      danger: true,
      permission: SUPPLY_PERMISSIONS.supplierBlock,
      testId: (row) => `supplier-block-${row.code}`,
      hidden: (row) => row.status === 'blocked',
      reason: {
        title: (row) => t('blockTitle', { name: row.name }),
        placeholder: t('blockPlaceholder'),
        max: 255,
        required: true,
        testId: 'supplier-reason',
      },
      run: (row, reason) => setStatus(row, 'blocked', reason),
      done: t('blocked'),
    },
    {
      label: t('activate'),
      permission: SUPPLY_PERMISSIONS.supplierBlock,
      testId: (row) => `supplier-activate-${row.code}`,
      hidden: (row) => row.status === 'active',
      confirm: (row) => t('activateText', { name: row.name }),
      run: (row) => setStatus(row, 'active'),
      done: t('activated'),
    },
  ];

  const save = async (v: Values) => {
    const body = await bodyOf(v);
    if (editing && editing !== 'new')
      await callEndpoint((c) => c.supplier.update, {
        params: { id: editing.id },
        body: { ...body, version: editing.version },
      });
    else await callEndpoint((c) => c.supplier.create, { body });
    await list.reload();
  };
  const initial: Partial<Values> =
    editing && editing !== 'new'
      ? {
          ...editing,
          qualifications: editing.qualifications.map((q) => ({
            kind: q.kind,
            docNo: q.docNo,
            required: q.required,
            fileId: q.fileId,
            expiryDate: dayjs(q.expiryDate),
          })),
        }
      : { contacts: [], qualifications: [] };

  return (
    <ListPage
      list={list}
      rowKey="id"
      code="supply.supplier"
      columns={columns}
      filters={
        <Form.Item name="keyword" label={t('keyword')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      }
      toolbar={
        <Permission value={[SUPPLY_PERMISSIONS.supplierEdit]}>
          <Button type="primary" data-testid="supplier-add" onClick={() => setEditing('new')}>
            {t('add')}
          </Button>
        </Permission>
      }
      actions={{ width: SUPPLIER_WIDTHS.actions, items: actions }}
    >
      <FormModal<Values>
        open={editing !== null}
        title={editing && editing !== 'new' ? `${t('edit')} ${editing.name}` : t('add')}
        name="supplier"
        testId="supplier-form"
        width={960}
        initialValues={initial}
        savedMessage={t('saved')}
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <Space wrap align="start">
          <Form.Item
            name="code"
            label={t('code')}
            rules={[rules.required(t('code')), rules.max(t('code'), 32)]}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('name')}
            rules={[rules.required(t('name')), rules.max(t('name'), 64)]}
          >
            <Input maxLength={64} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="enName" label={t('enName')} rules={[rules.max(t('enName'), 64)]}>
            <Input maxLength={64} style={{ width: 260 }} />
          </Form.Item>
        </Space>
        <Form.Item name="address" label={t('address')} rules={[rules.max(t('address'), 128)]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item label={t('contacts')}>
          <ListField<Values['contacts'][number]>
            name="contacts"
            testId="supplier-contact"
            addLabel={t('addContact')}
            removeLabel={t('remove')}
            empty={t('noContacts')}
            columns={[
              {
                name: 'name',
                label: t('contactName'),
                required: true,
                input: <Input maxLength={32} />,
                rules: [rules.required(t('contactName'))],
              },
              { name: 'role', label: t('contactRole'), input: <Input maxLength={32} /> },
              { name: 'phone', label: t('contactPhone'), input: <Input maxLength={32} /> },
              {
                name: 'email',
                label: t('contactEmail'),
                input: <Input maxLength={64} />,
                rules: [rules.email()],
              },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('qualifications')} extra={t('requiredHint')}>
          <ListField<QualificationValues>
            name="qualifications"
            testId="supplier-qualification"
            addLabel={t('addQualification')}
            removeLabel={t('remove')}
            empty={t('noQualifications')}
            newItem={() => ({ kind: 'licence', required: true })}
            columns={[
              {
                name: 'kind',
                label: t('qualificationKind'),
                required: true,
                width: 220,
                input: (
                  <Select options={QUALIFICATION_KINDS.map((k) => ({ value: k, label: kindWord(k) }))} />
                ),
                rules: [rules.chosen(t('qualificationKind'))],
              },
              {
                name: 'docNo',
                label: t('docNo'),
                required: true,
                input: <Input maxLength={64} />,
                rules: [rules.required(t('docNo')), rules.max(t('docNo'), 64)],
              },
              {
                name: 'expiryDate',
                label: t('expiryDate'),
                required: true,
                width: 150,
                input: <DatePicker />,
                rules: [rules.chosen(t('expiryDate'))],
              },
              {
                name: 'required',
                label: t('required'),
                width: 110,
                valuePropName: 'checked',
                input: <Switch />,
              },
              { name: 'fileId', label: t('document'), hidden: true, input: <Input /> },
              {
                name: 'file',
                label: t('document'),
                width: 130,
                valuePropName: 'fileList',
                getValueFromEvent: (e: { fileList: UploadFile[] }) => e.fileList.slice(-1),
                input: (
                  <Upload beforeUpload={() => false} maxCount={1} accept="image/*,.pdf">
                    <Button size="small" icon={<UploadOutlined />}>
                      {t('upload')}
                    </Button>
                  </Upload>
                ),
              },
            ]}
          />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
