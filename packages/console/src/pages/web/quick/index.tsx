import {
  CONSUMABLE_PERMISSIONS,
  type DataOf,
  KIT_SUPPLY_PERMISSIONS,
  QUERY_PERMISSIONS,
  SHIPMENT_PERMISSIONS,
} from '@trialab/api-contract';
import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '../../../access/useAccess';
import type { Contract } from '../../../services/contract';
import { useEndpointQuery } from '../../../services/query';
import { useSession } from '../../../stores/session';
import { Recent } from './Recent';

type HomeCounts = DataOf<Contract['portalHome']['counts']>;

interface Tile {
  key: keyof HomeCounts | null;
  title:
    | 'queriesAwaiting'
    | 'consumablesAwaitingReview'
    | 'applyConsumables'
    | 'bookShipment'
    | 'kitsToConfirm';
  path: string;
  permission: string;
}

/** /web/quick: welcome, quick navigation with live counts, the site's latest work, and the permission hint. */
export default function QuickPage() {
  const { t } = useTranslation('portal', { keyPrefix: 'quick' });
  const navigate = useNavigate();
  const { can } = useAccess();
  const name = useSession((s) => s.user?.username ?? '');
  const counts = useEndpointQuery((c) => c.portalHome.counts).data?.data;

  const tiles: Tile[] = [
    {
      key: 'queriesAwaiting',
      title: 'queriesAwaiting',
      path: '/web/question',
      permission: QUERY_PERMISSIONS.page,
    },
    {
      key: 'consumablesAwaitingReview',
      title: 'consumablesAwaitingReview',
      path: '/web/consumables-audit',
      permission: CONSUMABLE_PERMISSIONS.auditPage,
    },
    {
      key: 'myOpenApplications',
      title: 'applyConsumables',
      path: '/web/create-apply',
      permission: CONSUMABLE_PERMISSIONS.create,
    },
    {
      key: 'bookedShipments',
      title: 'bookShipment',
      path: '/web/create-check',
      permission: SHIPMENT_PERMISSIONS.create,
    },
    {
      key: 'kitsToConfirm',
      title: 'kitsToConfirm',
      path: '/web/receipt-check',
      permission: KIT_SUPPLY_PERMISSIONS.page,
    },
  ];
  const shown = tiles.filter((tile) => can(tile.permission));

  return (
    <Card>
      <Typography.Title level={4} data-testid="quick-welcome">
        {t('welcome', { name })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {shown.map((tile) => (
          <Col key={tile.title} xs={24} sm={12} lg={6}>
            <Card hoverable onClick={() => navigate(tile.path)} data-testid={`quick-${tile.title}`}>
              <Statistic
                title={t(tile.title)}
                value={tile.key && counts ? counts[tile.key] : '-'}
                loading={!counts}
                suffix={
                  tile.key === 'myOpenApplications' || tile.key === 'bookedShipments' ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t(tile.key)}
                    </Typography.Text>
                  ) : undefined
                }
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Recent />
      <Alert style={{ marginTop: 24 }} type="info" showIcon message={t('hint')} />
    </Card>
  );
}
