import { ReloadOutlined } from '@ant-design/icons';
import type { DataOf } from '@trialab/api-contract';
import { Button, Card, Descriptions, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/format';
import type { Contract } from '../../../services/contract';
import { useEndpointQuery } from '../../../services/query';
import { formatBytes, uptimeParts } from './format';

type SystemInfo = DataOf<Contract['systemStatus']['info']>;
type Mode = 'production' | 'development' | 'demo';
const isMode = (v: string): v is Mode => v === 'production' || v === 'development' || v === 'demo';

/** /system/system-info: versions, database, instances, uptime, audit checkpoints, outside services. Nothing secret. */
export default function SystemInfoPage() {
  const { t: i } = useTranslation('system', { keyPrefix: 'info' });
  const query = useEndpointQuery((c) => c.systemStatus.info);
  const info: SystemInfo | undefined = query.data?.data;

  if (!info) return <Card loading={query.isFetching} title={i('title')} />;
  const checkpoint = info.audit.lastCheckpoint;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="system-info">
      <Card
        title={i('product')}
        size="small"
        extra={
          <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
            {i('refresh')}
          </Button>
        }
      >
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label={i('version')}>
            <span data-testid="system-info-version">{info.version}</span>
          </Descriptions.Item>
          <Descriptions.Item label={i('node')}>{info.nodeVersion}</Descriptions.Item>
          <Descriptions.Item label={i('mode')}>
            {isMode(info.mode) ? i(`modes.${info.mode}`) : info.mode}
          </Descriptions.Item>
          <Descriptions.Item label={i('instances')}>
            <Tooltip title={i('instancesHint')}>{info.instances ?? i('unknown')}</Tooltip>
          </Descriptions.Item>
          <Descriptions.Item label={i('startedAt')}>{formatTime(info.startedAt)}</Descriptions.Item>
          <Descriptions.Item label={i('uptime')}>
            {i('uptimeValue', uptimeParts(info.uptimeSeconds))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={i('database')} size="small">
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label={i('engine')}>
            <span data-testid="system-info-engine">{i(`engines.${info.database.engine}`)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={i('serverVersion')}>{info.database.serverVersion}</Descriptions.Item>
          <Descriptions.Item label={i('size')}>{formatBytes(info.database.sizeBytes)}</Descriptions.Item>
          <Descriptions.Item label={i('migrations')}>
            {i('migrationsValue', {
              count: info.migrations.applied,
              last: info.migrations.last ?? i('unknown'),
            })}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={i('audit')} size="small">
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label={i('auditRows')}>{info.audit.rows}</Descriptions.Item>
          <Descriptions.Item label={i('lastCheckpoint')}>
            {checkpoint
              ? i('checkpointValue', { lastId: checkpoint.lastId, at: formatTime(checkpoint.at) })
              : i('noCheckpoint')}
          </Descriptions.Item>
          <Descriptions.Item label={i('checkpointInterval')}>
            {info.audit.checkpointMinutes > 0
              ? i('checkpointMinutes', { minutes: info.audit.checkpointMinutes })
              : i('checkpointOff')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={i('services')} size="small">
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={i('mail')}>{i(`mails.${info.mail}`)}</Descriptions.Item>
          <Descriptions.Item label={i('sms')}>{i(`smsProviders.${info.sms}`)}</Descriptions.Item>
          <Descriptions.Item label={i('wechat')}>{i(`wechats.${info.wechat}`)}</Descriptions.Item>
          <Descriptions.Item label={i('timeZone')}>{info.labTimeZone}</Descriptions.Item>
        </Descriptions>
      </Card>
    </Space>
  );
}
