import { CameraOutlined } from '@ant-design/icons';
import type { MethodResult } from '@trialab/device-protocol';
import { Button, Form, Radio, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../stores/bridge';
import { feedback } from '../../utils/feedback';
import { deviceError, isCancellation } from '../errors';
import { useDeviceErrorText } from '../hooks';
import { CameraView } from './CameraView';

export type CapturedImage = MethodResult<'camera.capture'>['images'][number];
const ROTATIONS = [0, 90, 180, 270] as const;

export interface DocumentCaptureProps {
  onCapture(images: CapturedImage[]): void | Promise<void>;
  disabled?: boolean;
}

/** Document camera: live view, rotation, automatic page cut, capture (SPEC grab-image options). */
export function DocumentCapture({ onCapture, disabled }: DocumentCaptureProps) {
  const { t } = useTranslation();
  const text = useDeviceErrorText();
  const [rotate, setRotate] = useState<(typeof ROTATIONS)[number]>(0);
  const [cut, setCut] = useState(true);
  const [busy, setBusy] = useState(false);

  const capture = async () => {
    const client = useBridge.getState().client;
    if (!client) {
      feedback.error(text(deviceError({ code: 'BRIDGE_UNAVAILABLE' })));
      return;
    }
    setBusy(true);
    try {
      // cut_type 1 asks the service to cut the page out of the background (0: the whole frame).
      const result = await client.call('camera.capture', { camera: 0, rotate, cutType: cut ? 1 : 0 });
      await onCapture(result.images);
    } catch (error) {
      if (!isCancellation(error)) feedback.error(text(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="document-capture">
      <CameraView camera={0} />
      <Form layout="inline" style={{ marginTop: 8, rowGap: 8 }}>
        <Form.Item label={t('lab.device.rotate')}>
          <Radio.Group
            value={rotate}
            onChange={(e) => setRotate(e.target.value as (typeof ROTATIONS)[number])}
            optionType="button"
            options={ROTATIONS.map((r) => ({ value: r, label: `${r}°` }))}
          />
        </Form.Item>
        <Form.Item label={t('lab.device.cut')}>
          <Switch
            checked={cut}
            onChange={setCut}
            aria-label={t('lab.device.cut')}
            data-testid="capture-cut"
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button
              type="primary"
              icon={<CameraOutlined />}
              loading={busy}
              disabled={disabled}
              onClick={() => void capture()}
              data-testid="capture-button"
            >
              {t('lab.device.capture')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </div>
  );
}
