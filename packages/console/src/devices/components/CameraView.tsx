import { ReloadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { CameraIndex } from '@trialab/device-protocol';
import { Alert, Button, Space, Spin } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCamera } from '../cameraStore';
import { useCameraView, useDeviceErrorText } from '../hooks';

export interface CameraViewProps {
  camera: CameraIndex;
  height?: number;
}

/** Live picture of a camera through the bridge's MJPEG proxy, with its faults and restarts. */
export function CameraView({ camera, height = 320 }: CameraViewProps) {
  const { t } = useTranslation();
  const text = useDeviceErrorText();
  const { src, error, retry, streamBroke } = useCameraView(camera);
  const restart = useCamera((s) => (s.restart?.camera === camera ? s.restart : null));
  const fault = useCamera((s) => (s.fault && s.fault.camera === camera ? s.fault : null));
  const dismissRestart = useCamera((s) => s.dismissRestart);
  const shown = error ?? fault?.error ?? null;

  return (
    <div
      data-testid={`camera-view-${camera}`}
      data-state={src && !error ? 'live' : error ? 'error' : 'opening'}
    >
      {restart && (
        <Alert
          data-testid="camera-restarted"
          type="info"
          showIcon
          closable
          onClose={dismissRestart}
          style={{ marginBottom: 8 }}
          message={t(
            restart.reason === 'scheduled' ? 'lab.device.restartedScheduled' : 'lab.device.restarted',
            {
              time: dayjs(restart.at).format('HH:mm:ss'),
            },
          )}
        />
      )}
      <div
        style={{
          height,
          background: '#111',
          display: 'grid',
          placeItems: 'center',
          borderRadius: 6,
          overflow: 'hidden',
        }}
      >
        {src && !error ? (
          <img
            src={src}
            alt={t(camera === 0 ? 'lab.device.documentCamera' : 'lab.device.headCamera')}
            onError={streamBroke}
            style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : shown ? (
          <Space
            direction="vertical"
            align="center"
            style={{ color: '#eee', padding: 16, textAlign: 'center' }}
          >
            <VideoCameraOutlined style={{ fontSize: 32 }} />
            <span data-testid="camera-error" data-code={shown.code}>
              {text(shown)}
            </span>
            <Button size="small" icon={<ReloadOutlined />} onClick={retry}>
              {t('lab.device.retry')}
            </Button>
          </Space>
        ) : (
          <Spin />
        )}
      </div>
    </div>
  );
}
