// The identity check at a bill's confirmation (docs/library.md "Identity-verified custody"): the
// receiver (outbound) or the witness (destruction) reads their ID card on the bridge, the live face
// is compared with the card photo at the LAB's threshold (or a finger with the card's fingerprint),
// and the document camera captures the signed handover form. The workstation reports the score; the
// server checks it and the card against the project's authorised list. Without devices a password
// e-signature stands in where the lab's settings allow it (the server refuses it otherwise).
import type { IdCard } from '@trialab/device-protocol';
import { Alert, Button, Card, Col, Form, Image, Input, Radio, Row, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileImage } from '../../../../components/useFileImage';
import { type CapturedImage, DocumentCapture } from '../../../../devices/components/DocumentCapture';
import { FaceCompare, type FaceResult } from '../../../../devices/components/FaceCompare';
import { IdCardReader } from '../../../../devices/components/IdCardReader';
import { deviceError, isCancellation } from '../../../../devices/errors';
import { captureFingerprint, preferredVendor } from '../../../../devices/fingerprint';
import { useCameraPage, useDeviceErrorText } from '../../../../devices/hooks';
import { base64Bytes, uploadFile } from '../../../../services/files';
import { useEndpointQuery } from '../../../../services/query';
import { useBridge } from '../../../../stores/bridge';
import { useSession } from '../../../../stores/session';
import { feedback } from '../../../../utils/feedback';

type Method = 'idcardFace' | 'fingerprint' | 'password';
type Role = 'receiver' | 'witness';

interface ByDevice {
  method: 'idcardFace' | 'fingerprint';
  cardType: IdCard['cardType'];
  cardId: string;
  score: number;
  deviceType: 'camera' | 'zk' | 'za';
  deviceId: string;
  verifiedAt: string;
  formFileId: number;
}
/** What the outbound confirmation sends as `identity` (role receiver). */
export type ReceiverIdentity =
  | ByDevice
  | { method: 'password'; recipientId: number; password: string; formFileId: number | null };
/** What the destruction sends as `witness` (role witness). */
export type WitnessIdentity =
  | ByDevice
  | { method: 'password'; userId: number; password: string; formFileId: number | null };
export type CustodyIdentityValue = ReceiverIdentity | WitnessIdentity;

interface Scored {
  score: number;
  deviceType: 'camera' | 'zk' | 'za';
  device: string;
  at: string;
}

/** The bridge's address as the workstation's device id ("127.0.0.1:18088 video1"). */
function deviceId(device: string): string {
  const url = useBridge.getState().wsUrl;
  try {
    return `${url ? new URL(url).host : 'bridge'} ${device}`;
  } catch {
    return `bridge ${device}`;
  }
}

export function CustodyIdentity({
  as: role,
  projectId,
  onChange,
}: {
  /** Who is identified: the receiver (outbound) or the witness (destruction). */
  as: Role;
  projectId: number;
  onChange(value: CustodyIdentityValue | null): void;
}) {
  useCameraPage();
  const { t } = useTranslation();
  const text = useDeviceErrorText();
  const settings = useEndpointQuery((c) => c.libraryCustody.settings).data?.data;
  const [method, setMethod] = useState<Method>('idcardFace');
  const [card, setCard] = useState<IdCard | null>(null);
  const [face, setFace] = useState<FaceResult | null>(null);
  const [scored, setScored] = useState<Scored | null>(null);
  const [formFileId, setFormFileId] = useState<number | null>(null);
  const [password, setPassword] = useState({ who: undefined as number | undefined, password: '' });
  const [busy, setBusy] = useState(false);
  const formSrc = useFileImage(formFileId ?? undefined);
  const devices = useBridge((s) => s.devices);

  // The value the confirmation sends, whenever what it needs is complete.
  useEffect(() => {
    if (method === 'password') {
      if (!password.who || !password.password) return onChange(null);
      const who = role === 'receiver' ? { recipientId: password.who } : { userId: password.who };
      return onChange({ method, ...who, password: password.password, formFileId } as CustodyIdentityValue);
    }
    if (!card || !scored || formFileId === null) return onChange(null);
    onChange({
      method,
      cardType: card.cardType,
      cardId: card.cardID,
      score: scored.score,
      deviceType: scored.deviceType,
      deviceId: scored.device,
      verifiedAt: scored.at,
      formFileId,
    });
  }, [method, card, scored, formFileId, password, role, onChange]);

  const onFace = (result: FaceResult) => {
    setFace(result);
    setScored(
      result.match
        ? {
            score: result.confidence,
            deviceType: 'camera',
            device: deviceId('video1'),
            at: new Date().toISOString(),
          }
        : null,
    );
  };

  const compareFinger = async () => {
    const client = useBridge.getState().client;
    if (!client) return feedback.error(text(deviceError({ code: 'BRIDGE_UNAVAILABLE' })));
    if (!card?.fingerBase64) return feedback.warning(t('libraryCustody.check.fingerNeedsCard'));
    const vendor = preferredVendor(
      devices?.fingerprint
        ? {
            za: devices.fingerprint.za.state,
            zk: devices.fingerprint.zk.state,
          }
        : undefined,
    );
    setBusy(true);
    try {
      const captured = await captureFingerprint(client, vendor, 'verify', () => undefined);
      const { score } = await client.call('fingerprint.verifyTemplate', {
        reg: card.fingerBase64,
        ver: captured.template,
      });
      setScored({ score, deviceType: vendor, device: deviceId(vendor), at: new Date().toISOString() });
    } catch (error) {
      if (!isCancellation(error)) feedback.error(text(error));
    } finally {
      setBusy(false);
    }
  };

  const captureForm = async (images: CapturedImage[]) => {
    const image = images[0];
    if (!image) return;
    const file = await uploadFile(base64Bytes(image.base64), `handover-${Date.now()}.jpg`, 'image/jpeg');
    setFormFileId(file.id);
    feedback.success(t('libraryCustody.check.formCaptured'));
  };

  const reset = (next: Method) => {
    setMethod(next);
    setScored(null);
    setFace(null);
  };
  const threshold = method === 'fingerprint' ? settings?.fingerprintThreshold : settings?.faceThreshold;

  return (
    <Card
      size="small"
      data-testid="custody-identity"
      title={t('libraryCustody.check.title', { role: t(`libraryCustody.role.${role}`) })}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group
          value={method}
          optionType="button"
          onChange={(e) => reset(e.target.value as Method)}
          options={(['idcardFace', 'fingerprint', 'password'] as const).map((m) => ({
            value: m,
            label: t(`libraryCustody.method.${m}`),
            disabled: m === 'password' && settings?.passwordFallback === false,
          }))}
          data-testid="custody-method"
        />
        {method === 'password' ? (
          <PasswordSignature role={role} projectId={projectId} onChange={setPassword} />
        ) : (
          <Row gutter={12}>
            <Col xs={24}>
              <h4>{t('libraryCustody.check.readCard')}</h4>
              <IdCardReader
                card={card}
                onRead={(c) => {
                  setCard(c);
                  setScored(null);
                  setFace(null);
                }}
              />
            </Col>
            <Col xs={24} md={12}>
              <h4>
                {t(method === 'fingerprint' ? 'libraryCustody.check.finger' : 'libraryCustody.check.compare')}
              </h4>
              {method === 'idcardFace' ? (
                <FaceCompare
                  cardPhoto={card?.photoBase64}
                  result={face}
                  onResult={onFace}
                  threshold={threshold}
                />
              ) : (
                <Space direction="vertical">
                  <Button loading={busy} onClick={() => void compareFinger()} data-testid="custody-finger">
                    {t('libraryCustody.check.fingerStart')}
                  </Button>
                  {scored && (
                    <Tag color={scored.score > (threshold ?? 0) ? 'success' : 'error'}>
                      {t('libraryCustody.check.fingerScore', { score: scored.score, threshold })}
                    </Tag>
                  )}
                </Space>
              )}
            </Col>
            <Col xs={24} md={12}>
              <h4>{t('libraryCustody.check.form')}</h4>
              <DocumentCapture onCapture={captureForm} />
              {formSrc && (
                <Image
                  width={160}
                  src={formSrc}
                  alt={t('libraryCustody.record.form')}
                  data-testid="custody-form"
                />
              )}
            </Col>
          </Row>
        )}
        {card && scored && method !== 'password' && (
          <Alert
            type="success"
            showIcon
            data-testid="custody-identified"
            message={t('libraryCustody.check.identified', {
              name: card.name,
              card: `${card.cardID.slice(0, 3)}…${card.cardID.slice(-4)}`,
              score: scored.score,
            })}
          />
        )}
      </Space>
    </Card>
  );
}

/** The fallback without devices: the receiver from the list with the confirming user's password, or another user as witness. */
function PasswordSignature({
  role,
  projectId,
  onChange,
}: {
  role: Role;
  projectId: number;
  onChange(value: { who: number | undefined; password: string }): void;
}) {
  const { t } = useTranslation();
  const me = useSession((s) => s.user?.id);
  const [who, setWho] = useState<number | undefined>(undefined);
  const [password, setPassword] = useState('');
  const recipients =
    useEndpointQuery(
      (c) => c.libraryCustody.recipientList,
      { body: { page: 1, size: 200, projectId, enabled: true } },
      { enabled: role === 'receiver' },
    ).data?.data ?? [];
  const users =
    useEndpointQuery((c) => c.user.listInnerSimple, {}, { enabled: role === 'witness' }).data?.data ?? [];
  useEffect(() => onChange({ who, password }), [who, password, onChange]);
  const options =
    role === 'receiver'
      ? recipients
          .filter((r) => r.role !== 'witness')
          .map((r) => ({ value: r.id, label: `${r.name} · ${r.organisation} · ${r.cardNoMasked}` }))
      : users.filter((u) => u.id !== me).map((u) => ({ value: u.id, label: u.username }));
  return (
    <Form layout="inline" style={{ rowGap: 8 }}>
      <Form.Item
        htmlFor="custody-person"
        label={t(
          role === 'receiver' ? 'libraryCustody.check.passwordRecipient' : 'libraryCustody.check.witnessUser',
        )}
      >
        <Select
          id="custody-person"
          showSearch
          optionFilterProp="label"
          style={{ width: 320 }}
          value={who}
          onChange={setWho}
          options={options}
        />
      </Form.Item>
      <Form.Item
        htmlFor="custody-password"
        label={t(
          role === 'receiver' ? 'libraryCustody.check.passwordOwn' : 'libraryCustody.check.witnessPassword',
        )}
        extra={role === 'receiver' ? t('libraryCustody.check.passwordHint') : undefined}
      >
        <Input.Password
          style={{ width: 200 }}
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          id="custody-password"
        />
      </Form.Item>
    </Form>
  );
}
