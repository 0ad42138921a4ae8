import {
  CHARGEBACK_LIMITS,
  CHARGEBACK_PERMISSIONS,
  chargebackWorkflow,
  type DataOf,
} from '@trialab/api-contract';
import { Button, Form, Input, Row } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import {
  ChargebackDetailModal,
  type ChargebackFilter,
  ChargebackFilterFields,
  chargebackColumns,
} from '../../../components/ChargebackDetail';
import { FormModal, useAction } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import { ListPage, useListPage } from '../../../components/ListPage';
import { NumberInput } from '../../../components/NumberInput';
import { ProjectSiteFields } from '../../../components/ProjectSiteFields';
import { WorkflowActions } from '../../../components/WorkflowActions';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';

type ChargebackRow = DataOf<Contract['chargebackStaff']['paging']>[number];

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
  const { t: s } = useTranslation('portalReports', { keyPrefix: 'chargeback.staff' });
  const [run] = useAction();

  const withdraw = (row: ChargebackRow, reason: string | null) =>
    run(async () => {
      await callEndpoint((c) => c.chargebackStaff.withdraw, {
        params: { id: row.id },
        body: { version: row.version, reason: reason ?? '' },
      });
      await list.reload();
    }, s('withdrawnOk'));

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
                {t('portalReports.shared.view')}
              </Button>
            }
            actions={{
              withdraw: {
                label: t('portalReports.chargeback.actions.withdraw'),
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
      <RaiseModal open={raising} onSaved={list.reload} onClose={() => setRaising(false)} />
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
function RaiseModal({
  open,
  onSaved,
  onClose,
}: {
  open: boolean;
  onSaved(): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { t: c } = useTranslation('portalReports', { keyPrefix: 'chargeback' });
  const { t: s } = useTranslation('portalReports', { keyPrefix: 'chargeback.staff' });

  const submit = async (values: RaiseValues) => {
    const barcode = values.barcode?.trim();
    await callEndpoint((api) => api.chargebackStaff.create, {
      body: {
        projectId: values.projectId,
        siteId: values.siteId,
        barcode: barcode ? barcode : null,
        reason: values.reason,
        amount: values.amount,
      },
    });
    await onSaved();
  };

  return (
    <FormModal<RaiseValues>
      open={open}
      title={s('raiseTitle')}
      width={720}
      onSave={submit}
      onClose={onClose}
      savedMessage={s('raisedOk')}
      okText={t('components.ok')}
      testId="chargeback-raise-form"
    >
      <Row gutter={16}>
        <ProjectSiteFields testId="chargeback-raise" />
      </Row>
      <Form.Item name="barcode" label={t('portalReports.shared.barcode')} extra={s('barcodeHint')}>
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
    </FormModal>
  );
}
