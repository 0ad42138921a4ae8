import { StopOutlined } from '@ant-design/icons';
import { type FingerprintVendor, ZA_POLL_INTERVAL_MS } from '@trialab/device-protocol';
import { Alert, Button, Image, Radio, Space, Steps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge } from '../../stores/bridge';
import { feedback } from '../../utils/feedback';
import { deviceError, isCancellation } from '../errors';
import {
  captureFingerprint,
  type FingerprintResult,
  type PressProgress,
  preferredVendor,
  pressesFor,
} from '../fingerprint';
import { useDeviceErrorText } from '../hooks';

export interface FingerprintEnrolProps {
  enrolled: { vendor: FingerprintVendor } | null;
  onEnrolled(result: FingerprintResult): void;
}

/** Fingerprint enrolment: ZK takes 3 presses with progress; ZA is polled until a finger is read. */
export function FingerprintEnrol({ enrolled, onEnrolled }: FingerprintEnrolProps) {
  const { t } = useTranslation();
  const text = useDeviceErrorText();
  const readers = useBridge((s) => s.devices?.fingerprint);
  const [vendor, setVendor] = useState<FingerprintVendor>(() =>
    preferredVendor(readers ? { za: readers.za.state, zk: readers.zk.state } : undefined),
  );
  const [progress, setProgress] = useState<PressProgress | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);

  // Leaving the page ends a capture that is still waiting for a finger.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    const client = useBridge.getState().client;
    if (!client) {
      feedback.error(text(deviceError({ code: 'BRIDGE_UNAVAILABLE' })));
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setProgress(null);
    setRunning(true);
    try {
      const result = await captureFingerprint(client, vendor, 'enrol', setProgress, controller.signal);
      onEnrolled(result);
    } catch (error) {
      if (!isCancellation(error)) feedback.error(text(error));
    } finally {
      setRunning(false);
      abort.current = null;
    }
  };

  const cancel = () => {
    abort.current?.abort();
    void useBridge
      .getState()
      .client?.call('fingerprint.cancel', { vendor })
      .catch(() => undefined);
  };

  const total = progress?.presses ?? pressesFor('enrol');
  const done = progress?.press ?? 0;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="fingerprint-enrol">
      <Radio.Group
        value={vendor}
        disabled={running}
        onChange={(e) => setVendor(e.target.value as FingerprintVendor)}
        options={[
          { value: 'zk', label: t('lab.device.zk') },
          { value: 'za', label: t('lab.device.za') },
        ]}
      />
      <Space>
        <Button type="primary" loading={running} onClick={() => void start()} data-testid="fingerprint-start">
          {running ? t('lab.device.fingerprintWaiting') : t('lab.device.fingerprintEnrol')}
        </Button>
        {running && (
          <Button icon={<StopOutlined />} onClick={cancel}>
            {t('components.cancel')}
          </Button>
        )}
      </Space>
      {(running || progress) && (
        <Steps
          size="small"
          current={done}
          data-testid="fingerprint-progress"
          data-press={done}
          items={Array.from({ length: total }, (_, i) => ({ title: t('lab.device.press', { n: i + 1 }) }))}
        />
      )}
      {running && vendor === 'za' && (
        <Alert
          type="info"
          showIcon
          message={t('lab.device.zaPolling', { seconds: (ZA_POLL_INTERVAL_MS / 1000).toFixed(1) })}
        />
      )}
      {progress?.image && (
        <Image
          width={96}
          src={`data:image/jpeg;base64,${progress.image}`}
          alt={t('lab.device.press', { n: done })}
        />
      )}
      {enrolled && !running && (
        <Alert
          type="success"
          showIcon
          data-testid="fingerprint-done"
          message={t('lab.device.fingerprintDone')}
        />
      )}
    </Space>
  );
}
