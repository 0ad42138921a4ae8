import { CHARGEBACK_LIMITS, CHARGEBACK_PERMISSIONS, chargebackWorkflow } from '@trialab/api-contract';
import { Button, Form, Input, Modal, Row } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { rules } from '../../../components/formRules';
import { ListPage, useListPage } from '../../../components/ListPage';
import { NumberInput } from '../../../components/NumberInput';
import { ProjectSiteFields } from '../../../components/ProjectSiteFields';
import { WorkflowActions } from '../../../components/WorkflowActions';
import { staffApi } from '../../../services/portalAdmin';
import { feedback } from '../../../utils/feedback';
import {
  ChargebackDetailModal,
  type ChargebackFilter,
  ChargebackFilterFields,
  chargebackColumns,
} from '../../web/ChargebackDetail';
import type { ChargebackRow } from '../../web/reports-api';

/**
 * /express/unconventional (non-routine fees): the chargeback notices of my projects. Staff raise a
 * notice against a site (reason, amount, optional sample barcode), follow the site's answer
 * (acknowledged, or disputed with a reason) and withdraw an open or disputed one with a reason.
 * The sites answer at /web/report-search.
 */
export default function UnconventionalFeesPage() {
  const { t } = useTranslation();
  const list = useListPage((c) => c.chargebackStaff.paging, {} as ChargebackFilter);
  const [viewing, setViewing] = useState<number | null>(null);
  const [raising, setRaising] = useState(false);
  const closeDetail = useCallback(() => setViewing(null), []);
  const s = (key: string) => t(`webReports.chargeback.staff.${key}`);

  const withdraw = async (row: ChargebackRow, reason: string | null) => {
    try {
      await staffApi.chargebackWithdraw(row.id, { version: row.version, reason: reason ?? '' });
      feedback.success(s('withdrawnOk'));
      await list.reload();
    } catch {
      // shown by the request helper
    }
  };

  return (
    <ListPage<ChargebackRow, ChargebackFilter>
      list={list}
      rowKey="id"
      code="express.unconventional"
      columns={chargebackColumns(t)}
      filters={<ChargebackFilterFields />}
      toolbar={
        <Permission value={[CHARGEBACK_PERMISSIONS.create]}>
          <Button type="primary" onClick={() => setRaising(true)} data-testid="chargeback-raise">
            {s('raise')}
          </Button>
        </Permission>
      }
      actions={{
        width: 150,
        render: (row) => (
          <WorkflowActions
            workflow={chargebackWorkflow}
            state={row.status}
            before={
              <Button type="link" size="small" onClick={() => setViewing(row.id)}>
                {t('webReports.common.view')}
              </Button>
            }
            actions={{
              withdraw: {
                label: t('webReports.chargeback.actions.withdraw'),
                testId: `chargeback-withdraw-${row.noticeNo}`,
                danger: true,
                reason: {
                  title: `${s('withdrawTitle')} ${row.noticeNo}`,
                  placeholder: s('withdrawPlaceholder'),
                  testId: 'chargeback-withdraw-reason',
                },
                onClick: (reason) => withdraw(row, reason),
              },
            }}
          />
        ),
      }}
    >
      <ChargebackDetailModal id={viewing} onClose={closeDetail} endpoint={(c) => c.chargebackStaff.get} />
      <RaiseModal
        open={raising}
        onClose={(saved) => {
          setRaising(false);
          if (saved) void list.reload();
        }}
      />
    </ListPage>
  );
}

interface RaiseValues {
  projectId: number;
  siteId: number;
  barcode?: string;
  reason: string;
  amount: string;
}

/** A new notice against one site of one of my projects. */
function RaiseModal({ open, onClose }: { open: boolean; onClose(saved: boolean): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RaiseValues>();
  const [saving, setSaving] = useState(false);
  const c = (key: string) => t(`webReports.chargeback.${key}`);
  const s = (key: string) => t(`webReports.chargeback.staff.${key}`);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const barcode = values.barcode?.trim();
      await staffApi.chargebackCreate({
        projectId: values.projectId,
        siteId: values.siteId,
        barcode: barcode ? barcode : null,
        reason: values.reason,
        amount: Number(values.amount),
      });
      feedback.success(s('raisedOk'));
      form.resetFields();
      onClose(true);
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={s('raiseTitle')}
      width={720}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="chargeback-raise-form">
        <Row gutter={16}>
          <ProjectSiteFields testId="chargeback-raise" />
        </Row>
        <Form.Item name="barcode" label={t('webReports.common.barcode')} extra={s('barcodeHint')}>
          <Input maxLength={32} data-testid="chargeback-raise-barcode" />
        </Form.Item>
        <Form.Item
          name="amount"
          label={c('amount')}
          rules={[
            rules.required(c('amount')),
            {
              validator: (_, value: string | undefined) =>
                !value || Number(value) > 0 ? Promise.resolve() : Promise.reject(new Error(s('amountRange'))),
            },
          ]}
        >
          <NumberInput digit={2} max={CHARGEBACK_LIMITS.amountMax} data-testid="chargeback-raise-amount" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={c('reason')}
          rules={[rules.required(c('reason')), rules.max(c('reason'), CHARGEBACK_LIMITS.reason)]}
        >
          <Input.TextArea
            rows={3}
            maxLength={CHARGEBACK_LIMITS.reason}
            showCount
            placeholder={s('reasonPlaceholder')}
            data-testid="chargeback-raise-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
