import {
  PROJECT_CONFIG_PERMISSIONS,
  VOID_MAX,
  VOID_REASON_DICT,
  VOID_REASON_OTHER,
  type VoidedBarcodeRow,
} from '@trialab/api-contract';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { col } from '../../../components/columns';
import type { DataColumn } from '../../../components/DataTable';
import { DictSelect } from '../../../components/DictSelect';
import { FormModal, useAction } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { ListPage, useListPage, useRowSelection } from '../../../components/ListPage';
import { ProjectSelect } from '../../../components/ProjectSelect';
import { ReasonModal } from '../../../components/ReasonModal';
import { callEndpoint } from '../../../services/endpoint';

interface Filter {
  projectId?: number;
  keyword?: string;
}
interface VoidValues {
  projectId: number;
  codes: string;
  reasonCode: string;
  reason?: string;
}

/**
 * /project/barcode-disabled: barcodes a project no longer accepts, with who voided them and why.
 * The server refuses them at registration and at the bench sign-for; un-voiding asks for a reason.
 */
export default function BarcodeDisabledPage() {
  const { t } = useTranslation('projectConfig', { keyPrefix: 'barcode' });
  const { t: s } = useTranslation('projectConfig', { keyPrefix: 'shared' });
  const list = useListPage((c) => c.voidedBarcodes.paging, {} as Filter);
  const [voiding, setVoiding] = useState(false);
  const [restoring, setRestoring] = useState<number[] | null>(null);
  const chosen = useRowSelection();
  const selected = chosen.keys;
  const [run, busy] = useAction();

  const save = async ({ projectId, codes, reasonCode, reason }: VoidValues) => {
    await callEndpoint((c) => c.voidedBarcodes.void, {
      body: {
        projectId,
        codes: codes.split(/\r?\n/).filter((c) => c.trim() !== ''),
        reasonCode,
        reason: reason ?? '',
      },
    });
    await list.reload();
  };
  const restore = async (reason: string) => {
    if (!restoring) return;
    const ids = restoring;
    const done = await run(
      () => callEndpoint((c) => c.voidedBarcodes.restore, { body: { ids, reason } }).then(list.reload),
      t('restoredOk', { count: ids.length }),
    );
    if (done) {
      setRestoring(null);
      chosen.clear();
    }
  };

  const columns: DataColumn<VoidedBarcodeRow>[] = [
    col.text('projectNo', s('project'), 130),
    col.text('code', t('code'), 180),
    col.dict<VoidedBarcodeRow>('reasonCode', s('reason'), VOID_REASON_DICT, 160),
    col.text('reason', t('reasonWords')),
    col.text('voidedBy', t('voidedBy'), 110),
    col.time('voidedAt', t('voidedAt')),
  ];

  return (
    <ListPage<VoidedBarcodeRow, Filter>
      list={list}
      rowKey="id"
      code="project.barcode-disabled"
      columns={columns}
      selection={chosen.selection}
      filters={
        <>
          <Form.Item name="projectId" label={s('project')}>
            <ProjectSelect allowClear style={{ width: 220 }} data-testid="voided-filter-project" />
          </Form.Item>
          <Form.Item name="keyword" label={t('code')}>
            <Input allowClear maxLength={64} placeholder={t('codeHint')} data-testid="voided-filter-code" />
          </Form.Item>
        </>
      }
      toolbar={
        <Permission value={[PROJECT_CONFIG_PERMISSIONS.barcodeEdit]}>
          <Space>
            <Button type="primary" danger onClick={() => setVoiding(true)} data-testid="voided-create">
              {t('void')}
            </Button>
            <Button
              disabled={selected.length === 0}
              onClick={() => setRestoring(selected.map(Number))}
              data-testid="voided-restore-selected"
            >
              {t('restoreSelected')}
            </Button>
          </Space>
        </Permission>
      }
      actions={{
        width: 90,
        render: (row) => (
          <Permission value={[PROJECT_CONFIG_PERMISSIONS.barcodeEdit]}>
            <Button
              type="link"
              size="small"
              onClick={() => setRestoring([row.id])}
              data-testid={`voided-restore-${row.id}`}
            >
              {t('restore')}
            </Button>
          </Permission>
        ),
      }}
    >
      <FormModal<VoidValues>
        open={voiding}
        title={t('voidTitle')}
        onSave={save}
        onClose={() => setVoiding(false)}
        testId="voided-form"
        name="voided"
      >
        <Form.Item name="projectId" label={s('project')} rules={[rules.chosen(s('project'))]}>
          <ProjectSelect data-testid="voided-form-project" />
        </Form.Item>
        <Form.Item
          name="codes"
          label={t('codes')}
          rules={[
            rules.required(t('codes')),
            {
              validator: (_, v?: string) =>
                (v ?? '').split(/\r?\n/).filter((c) => c.trim() !== '').length <= VOID_MAX
                  ? Promise.resolve()
                  : Promise.reject(new Error(`≤ ${VOID_MAX}`)),
            },
          ]}
        >
          <Input.TextArea rows={6} data-testid="voided-form-codes" />
        </Form.Item>
        <Form.Item name="reasonCode" label={s('reason')} rules={[rules.chosen(s('reason'))]}>
          <DictSelect dictNo={VOID_REASON_DICT} data-testid="voided-form-reason-code" />
        </Form.Item>
        <Form.Item noStyle dependencies={['reasonCode']}>
          {({ getFieldValue }) => (
            <Form.Item
              name="reason"
              label={t('reasonWords')}
              rules={
                getFieldValue('reasonCode') === VOID_REASON_OTHER ? [rules.required(t('reasonWords'))] : []
              }
            >
              <Input maxLength={200} data-testid="voided-form-reason" />
            </Form.Item>
          )}
        </Form.Item>
      </FormModal>
      <ReasonModal
        open={restoring !== null}
        title={t('restoreTitle')}
        placeholder={t('restoreReason')}
        max={200}
        required
        saving={busy}
        testId="voided-restore"
        onCancel={() => setRestoring(null)}
        onOk={(reason) => void restore(reason)}
      />
    </ListPage>
  );
}
