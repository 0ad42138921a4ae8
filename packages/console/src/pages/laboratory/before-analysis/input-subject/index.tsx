import {
  LIBRARY_HOLD_PERMISSIONS,
  type SubjectRow,
  subjectRegistrationWorkflow,
} from '@trialab/api-contract';
import type { IdCard } from '@trialab/device-protocol';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col } from '../../../../components/columns';
import type { DataColumn } from '../../../../components/DataTable';
import { useAction } from '../../../../components/FormModal';
import { formatTimeAs } from '../../../../components/format';
import { HoldDialog, HoldsDrawer, type HoldTarget } from '../../../../components/LibraryHolds';
import { ListPage, useListPage } from '../../../../components/ListPage';
import { useProjectSites } from '../../../../components/ProjectSiteFields/useProjectSites';
import { WorkflowActions } from '../../../../components/WorkflowActions';
import { FaceCompare, type FaceResult } from '../../../../devices/components/FaceCompare';
import { FingerprintEnrol } from '../../../../devices/components/FingerprintEnrol';
import { IdCardReader } from '../../../../devices/components/IdCardReader';
import type { FingerprintResult } from '../../../../devices/fingerprint';
import { useCameraPage } from '../../../../devices/hooks';
import { callEndpoint } from '../../../../services/endpoint';
import { useSession } from '../../../../stores/session';

interface Values {
  projectId?: number;
  siteId?: number;
  subjectNo?: string;
}

/** Card sex text to dictionary 1002 (1 male, 2 female). */
function genderOf(card: IdCard): string | null {
  if (card.sexCode === '1' || card.sex === '男' || card.sex?.toLowerCase() === 'male') return '1';
  if (card.sexCode === '2' || card.sex === '女' || card.sex?.toLowerCase() === 'female') return '2';
  return null;
}

/** /laboratory/before-analysis/input-subject: ID card, face comparison, fingerprint, then review. */
export default function InputSubjectPage() {
  useCameraPage();
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.id);
  const [form] = Form.useForm<Values>();
  const projectId = Form.useWatch('projectId', form);
  const { projects, sites } = useProjectSites(projectId);
  const [card, setCard] = useState<IdCard | null>(null);
  const [face, setFace] = useState<FaceResult | null>(null);
  const [finger, setFinger] = useState<FingerprintResult | null>(null);
  const [resubmit, setResubmit] = useState<SubjectRow | null>(null);
  // The library's flags on a subject: consent withdrawn (or a legal hold) covers all its specimens.
  const { t: th } = useTranslation('libraryHolds');
  const [holding, setHolding] = useState<HoldTarget | null>(null);
  const [shownHolds, setShownHolds] = useState<{ id: number; no: string } | null>(null);
  const [run, saving] = useAction();
  const list = useListPage((c) => c.subject.paging, {});

  const reset = () => {
    setCard(null);
    setFace(null);
    setFinger(null);
    setResubmit(null);
    form.resetFields();
  };

  const submit = async (values: Values) => {
    if (!card || !face || !finger || !values.projectId || !values.siteId || !values.subjectNo) return;
    const body = {
      projectId: values.projectId,
      siteId: values.siteId,
      subjectNo: values.subjectNo,
      name: card.name,
      gender: genderOf(card),
      birthday: card.birthday ?? null,
      cardType: card.cardType,
      cardId: card.cardID,
      face: { confidence: face.confidence, threshold: face.threshold },
      fingerprint: { vendor: finger.vendor, template: finger.template },
    };
    const saved = await run(
      () =>
        resubmit
          ? callEndpoint((c) => c.subject.resubmit, {
              body: { ...body, id: resubmit.id, version: resubmit.version },
            })
          : callEndpoint((c) => c.subject.create, { body }),
      t('lab.subject.submitted'),
    );
    if (!saved) return;
    reset();
    await list.reload();
  };

  const columns: DataColumn<SubjectRow>[] = [
    { dataIndex: 'subjectNo', title: t('lab.subject.subjectNo') },
    { dataIndex: 'name', title: t('lab.subject.name') },
    { dataIndex: 'projectNo', title: t('lab.receipt.project') },
    { dataIndex: 'cardNoMasked', title: t('lab.device.cardId') },
    { dataIndex: 'faceConfidence', title: t('lab.device.confidence') },
    col.status(subjectRegistrationWorkflow),
    {
      dataIndex: 'createdAt',
      title: t('lab.subject.createdAt'),
      render: (v: string) => formatTimeAs(v, 'minute'),
    },
    col.text('reviewReason', t('lab.subject.reviewReason')),
  ];

  const step = !card ? 0 : !face?.match ? 1 : !finger ? 2 : 3;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card title={t(resubmit ? 'lab.subject.resubmitTitle' : 'lab.subject.registerTitle')}>
        {resubmit?.reviewReason && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={t('lab.subject.rejectedBecause', { reason: resubmit.reviewReason })}
          />
        )}
        <Steps
          size="small"
          current={step}
          style={{ marginBottom: 16 }}
          items={[
            { title: t('lab.subject.stepCard') },
            { title: t('lab.subject.stepFace') },
            { title: t('lab.subject.stepFinger') },
            { title: t('lab.subject.stepSubmit') },
          ]}
        />
        <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="projectId"
                label={t('lab.receipt.project')}
                rules={[{ required: true, message: t('lab.subject.projectRequired') }]}
              >
                <Select
                  showSearch
                  optionFilterProp="label"
                  options={projects.map((p) => ({ value: p.id, label: `${p.projectNo} ${p.name}` }))}
                  onChange={() => form.setFieldValue('siteId', undefined)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="siteId"
                label={t('lab.receipt.site')}
                rules={[{ required: true, message: t('lab.subject.siteRequired') }]}
              >
                <Select options={sites.map((s) => ({ value: s.id, label: `${s.centerNo} ${s.name}` }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="subjectNo"
                label={t('lab.subject.subjectNo')}
                rules={[{ required: true, whitespace: true, message: t('lab.subject.subjectNoRequired') }]}
              >
                <Input maxLength={32} data-testid="subject-no" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} lg={8}>
              <Card size="small" title={t('lab.subject.stepCard')}>
                <IdCardReader
                  card={card}
                  onRead={(c) => {
                    setCard(c);
                    setFace(null);
                  }}
                />
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card size="small" title={t('lab.subject.stepFace')}>
                <FaceCompare cardPhoto={card?.photoBase64} result={face} onResult={setFace} />
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card size="small" title={t('lab.subject.stepFinger')}>
                <FingerprintEnrol enrolled={finger} onEnrolled={setFinger} />
              </Card>
            </Col>
          </Row>
          <Space style={{ marginTop: 16 }}>
            <Button
              type="primary"
              htmlType="submit"
              disabled={step < 3}
              loading={saving}
              data-testid="subject-submit"
            >
              {t('lab.subject.submit')}
            </Button>
            <Button onClick={reset}>{t('lab.shared.reset')}</Button>
          </Space>
        </Form>
      </Card>
      <ListPage<SubjectRow>
        title={t('lab.subject.listTitle')}
        list={list}
        rowKey="id"
        columns={columns}
        actions={{
          width: 260,
          items: [
            {
              label: th('set'),
              permission: LIBRARY_HOLD_PERMISSIONS.set,
              hidden: (row) => row.status !== 'approved',
              testId: (row) => `subject-hold-${row.subjectNo}`,
              onClick: (row) => setHolding({ subjectId: row.id, subjectNo: row.subjectNo }),
            },
            {
              label: th('list'),
              permission: LIBRARY_HOLD_PERMISSIONS.page,
              testId: (row) => `subject-holds-${row.subjectNo}`,
              onClick: (row) => setShownHolds({ id: row.id, no: row.subjectNo }),
            },
          ],
          render: (row) => (
            <WorkflowActions
              workflow={subjectRegistrationWorkflow}
              state={row.status}
              isApplicant={row.createdBy === userId}
              actions={{
                resubmit: {
                  label: t('lab.subject.resubmit'),
                  onClick: () => {
                    reset();
                    setResubmit(row);
                    form.setFieldsValue({
                      projectId: row.projectId,
                      siteId: row.siteId,
                      subjectNo: row.subjectNo,
                    });
                  },
                },
              }}
            />
          ),
        }}
      >
        <HoldDialog target={holding} onClose={() => setHolding(null)} />
        <HoldsDrawer
          open={shownHolds !== null}
          subject={shownHolds ?? undefined}
          onClose={() => setShownHolds(null)}
        />
      </ListPage>
    </Space>
  );
}
