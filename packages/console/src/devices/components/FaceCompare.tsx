import { ScanOutlined } from '@ant-design/icons';
import { faceMatches, type MethodResult } from '@trialab/device-protocol';
import { Button, Form, InputNumber, Progress, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../stores/bridge';
import { feedback } from '../../utils/feedback';
import { deviceError, isCancellation } from '../errors';
import { useDeviceErrorText } from '../hooks';
import { readFaceThreshold, writeFaceThreshold } from '../settings';
import { CameraView } from './CameraView';

export type FaceResult = MethodResult<'face.verify'>;

export interface FaceCompareProps {
  /** The ID card photo (base64, no data: prefix); the comparison needs it. */
  cardPhoto: string | undefined;
  result: FaceResult | null;
  onResult(result: FaceResult): void;
  /** A threshold set by the lab (custody checks): shown, not editable; the workstation's otherwise. */
  threshold?: number | undefined;
}

/** Head camera picture compared with the card photo: confidence 0..100 against a configurable threshold. */
export function FaceCompare({ cardPhoto, result, onResult, threshold: fixed }: FaceCompareProps) {
  const { t } = useTranslation();
  const text = useDeviceErrorText();
  const [own, setThreshold] = useState(readFaceThreshold);
  const threshold = fixed ?? own;
  const [busy, setBusy] = useState(false);

  const compare = async () => {
    const client = useBridge.getState().client;
    if (!client) {
      feedback.error(text(deviceError({ code: 'BRIDGE_UNAVAILABLE' })));
      return;
    }
    if (!cardPhoto) {
      feedback.warning(t('lab.device.faceNeedsCard'));
      return;
    }
    setBusy(true);
    try {
      const shot = await client.call('camera.capture', { camera: 1 });
      const face = shot.images[0];
      if (!face) throw deviceError({ code: 'CAPTURE_FAILED' });
      onResult(await client.call('face.verify', { image0: cardPhoto, image1: face.base64, threshold }));
    } catch (error) {
      if (!isCancellation(error)) feedback.error(text(error));
    } finally {
      setBusy(false);
    }
  };

  const match = result ? faceMatches(result.confidence, result.threshold) : null;
  return (
    <div data-testid="face-compare">
      <CameraView camera={1} height={240} />
      <Form layout="inline" style={{ marginTop: 8 }}>
        <Form.Item label={t('lab.device.threshold')}>
          <InputNumber
            min={0}
            max={100}
            value={threshold}
            disabled={fixed !== undefined}
            aria-label={t('lab.device.threshold')}
            onChange={(v) => {
              if (typeof v === 'number') {
                setThreshold(v);
                writeFaceThreshold(v);
              }
            }}
            data-testid="face-threshold"
          />
        </Form.Item>
        <Form.Item>
          <Button
            icon={<ScanOutlined />}
            loading={busy}
            onClick={() => void compare()}
            data-testid="face-compare-button"
          >
            {t('lab.device.faceCompare')}
          </Button>
        </Form.Item>
      </Form>
      {result && (
        <Space style={{ marginTop: 8 }} data-testid="face-result" data-match={String(match)}>
          <span>{t('lab.device.confidence')}</span>
          <Progress
            type="circle"
            size={56}
            percent={Math.round(result.confidence)}
            status={match ? 'success' : 'exception'}
          />
          <Tag color={match ? 'success' : 'error'}>
            {t(match ? 'lab.device.faceMatch' : 'lab.device.faceNoMatch', { threshold: result.threshold })}
          </Tag>
        </Space>
      )}
    </div>
  );
}
