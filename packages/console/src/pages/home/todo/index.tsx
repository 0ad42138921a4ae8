import { Alert, Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useEndpointQuery } from '../../../services/query';
import { actionWords, kindLink, kindName } from '../words';

/**
 * /home/todo, the landing page: what the user may act on now, per workflow and state, each a link to
 * the list filtered to it. The kinds come from the server (derived from the workflow declarations).
 */
export default function TodoPage() {
  const { t } = useTranslation('home');
  const { t: p } = useTranslation('portal', { keyPrefix: 'quick' });
  const query = useEndpointQuery((c) => c.todo.counts);
  const kinds = query.data?.data;
  if (!kinds) return <Card loading title={t('counts')} />;
  if (kinds.length === 0)
    return (
      <Card title={t('counts')}>
        {/* The SPEC's home hint, the same words as the portal home's. */}
        <Alert type="info" showIcon message={p('hint')} data-testid="todo-hint" />
      </Card>
    );
  const pending = kinds.filter((k) => k.count > 0);
  return (
    <Card
      title={t('counts')}
      extra={
        <Link to="/home/todo-task" data-testid="todo-all">
          {t('viewAll')}
        </Link>
      }
    >
      {pending.length === 0 && <Empty description={t('empty')} />}
      <Row gutter={[16, 16]}>
        {[...pending, ...kinds.filter((k) => k.count === 0)].map((kind) => (
          <Col key={`${kind.workflow}-${kind.state}-${kind.route}`} xs={24} sm={12} lg={8} xl={6}>
            <Link to={kindLink(kind)} data-testid={`todo-kind-${kind.workflow}-${kind.state}`}>
              {/* Kinds with nothing pending come last, in full colour: dimmed text fails WCAG contrast. */}
              <Card size="small" hoverable>
                <Statistic title={kindName(kind)} value={kind.count} />
                <Typography.Text type="secondary">{actionWords(kind)}</Typography.Text>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
