import { type SubjectRow, subjectRegistrationWorkflow } from '@trialab/api-contract';
import type { IdCard } from '@trialab/device-protocol';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Steps, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dash, formatTimeAs } from '../../../../components/format';
import { useProjectSites } from '../../../../components/ProjectSiteFields/useProjectSites';
import { FaceCompare, type FaceResult } from '../../../../devices/components/FaceCompare';
import { FingerprintEnrol } from '../../../../devices/components/FingerprintEnrol';
import { IdCardReader } from '../../../../devices/components/IdCardReader';
import type { FingerprintResult } from '../../../../devices/fingerprint';
import { useCameraPage } from '../../../../devices/hooks';
import { labApi } from '../../../../services/lab';
import { useSession } from '../../../../stores/session';
import { feedback } from '../../../../utils/feedback';
import { SubjectStatus } from '../subjectStatus';

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
  const [saving, setSaving] = useState(false);
  const [rows, setRows] = useState<SubjectRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ page: 1, size: 10 });

  const load = useCallback(async () => {
    try {
      const response = await labApi.subjectPaging(page);
      setRows(response.data);
      setTotal(response.total ?? 0);
    } catch {
      // Shown by the request helper.
    }
  }, [page]);
  useEffect(() => {
    void load();
  }, [load]);

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
    setSaving(true);
    try {
      if (resubmit) await labApi.subjectResubmit({ ...body, id: resubmit.id, version: resubmit.version });
      else await labApi.subjectCreate(body);
      feedback.success(t('lab.subject.submitted'));
      reset();
      await load();
    } catch {
      // Shown by the request helper.
    } finally {
      setSaving(false);
    }
  };

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
            <Button onClick={reset}>{t('lab.common.reset')}</Button>
          </Space>
        </Form>
      </Card>
      <Card title={t('lab.subject.listTitle')}>
        <Table<SubjectRow>
          rowKey="id"
          size="small"
          dataSource={rows}
          pagination={{
            current: page.page,
            pageSize: page.size,
            total,
            onChange: (p, size) => setPage({ page: p, size }),
          }}
          columns={[
            { dataIndex: 'subjectNo', title: t('lab.subject.subjectNo') },
            { dataIndex: 'name', title: t('lab.subject.name') },
            { dataIndex: 'projectNo', title: t('lab.receipt.project') },
            { dataIndex: 'cardNoMasked', title: t('lab.device.cardId') },
            { dataIndex: 'faceConfidence', title: t('lab.device.confidence') },
            {
              dataIndex: 'status',
              title: t('lab.receipt.status'),
              render: (v: SubjectRow['status']) => <SubjectStatus status={v} />,
            },
            {
              dataIndex: 'createdAt',
              title: t('lab.subject.createdAt'),
              render: (v: string) => formatTimeAs(v, 'minute'),
            },
            {
              dataIndex: 'reviewReason',
              title: t('lab.subject.reviewReason'),
              render: dash,
            },
            {
              dataIndex: 'actions',
              title: t('lab.common.actions'),
              render: (_: unknown, row: SubjectRow) =>
                subjectRegistrationWorkflow.transitions.resubmit.from.includes(row.status) &&
                row.createdBy === userId ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => {
                      reset();
                      setResubmit(row);
                      form.setFieldsValue({
                        projectId: row.projectId,
                        siteId: row.siteId,
                        subjectNo: row.subjectNo,
                      });
                    }}
                  >
                    {t('lab.subject.resubmit')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
