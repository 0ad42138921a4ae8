import { ApiOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../services/endpoint';
import { type BridgeStatus, bridgeStatus, bridgeUrl, useBridge } from '../stores/bridge';

const BADGE: Record<BridgeStatus, 'default' | 'processing' | 'error' | 'success' | 'warning'> = {
  idle: 'default',
  connecting: 'processing',
  notRunning: 'default',
  refused: 'error',
  connected: 'success',
  busy: 'warning',
  missing: 'warning',
};

const LABEL = {
  idle: 'bridge.connecting',
  connecting: 'bridge.connecting',
  notRunning: 'bridge.notRunning',
  refused: 'bridge.refused',
  connected: 'bridge.connected',
  busy: 'bridge.busy',
  missing: 'bridge.missing',
} as const satisfies Record<BridgeStatus, string>;

/** Connects to the workstation's device bridge and shows its state in the header. */
export function BridgeIndicator() {
  const { t } = useTranslation();
  const status = useBridge((s) => s.status);
  const detail = useBridge((s) => s.detail);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    // The protocol package (with its schemas) loads after the shell has rendered.
    void import('@trialab/device-protocol').then((protocol) => {
      if (cancelled) return;
      let devices: import('@trialab/device-protocol').DeviceStatus | undefined;
      const url = bridgeUrl(protocol.DEFAULT_BRIDGE_PORT, protocol.BRIDGE_WS_PATH);
      const client = new protocol.BridgeClient({
        url,
        createSocket: (url) => new WebSocket(url),
        client: { name: 'trialab-console', version: '1' },
        getTicket: async () =>
          (await callEndpoint((c) => c.system.deviceTicket, { body: { origin: window.location.origin } }))
            .data.ticket,
        onError: (error) => console.warn('device bridge', error),
      });
      const update = () => {
        const info = client.connection;
        const code = info.closeCode;
        const known = code !== undefined && code in protocol.CLOSE_CODE_CATALOGUE;
        const entry = known
          ? protocol.CLOSE_CODE_CATALOGUE[code as keyof typeof protocol.CLOSE_CODE_CATALOGUE]
          : undefined;
        useBridge.getState().set(bridgeStatus(info, devices, useBridge.getState().status), entry?.cn);
        useBridge.getState().setDevices(devices);
      };
      const offState = client.onStateChange((info) => {
        // A new connection's welcome carries a fresh snapshot; later changes arrive as events.
        if (info.state === 'open') devices = client.welcome?.devices ?? devices;
        update();
      });
      const offDevices = client.on('device.statusChanged', (data) => {
        devices = data;
        update();
      });
      useBridge.getState().attach(client, url);
      client.connect();
      update();
      stop = () => {
        offState();
        offDevices();
        useBridge.getState().attach(null, null);
        client.close();
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  return (
    <Tooltip title={detail ? `${t(LABEL[status])}: ${detail}` : t(LABEL[status])}>
      <span data-testid="bridge-status" data-status={status} style={{ cursor: 'default' }}>
        <Badge status={BADGE[status]} />
        <ApiOutlined />
      </span>
    </Tooltip>
  );
}
