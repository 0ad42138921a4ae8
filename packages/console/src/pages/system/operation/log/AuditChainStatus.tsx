import { SYSTEM_PERMISSIONS } from '@trialab/api-contract';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../../access/gates';
import { formatTime } from '../../../../components/format';
import { useEndpointQuery } from '../../../../services/query';

/** Whether the audit chain verifies: asked on request (it walks the whole trail), read-only. */
export function AuditChainStatus() {
  const { t: ch } = useTranslation('system', { keyPrefix: 'operationLog.chain' });
  const [asked, setAsked] = useState(false);
  const check = useEndpointQuery((c) => c.systemStatus.auditChain, {}, { enabled: asked });
  const report = check.data?.data;

  const verify = (
    <Permission value={[SYSTEM_PERMISSIONS.verify]}>
      <Button
        size="small"
        loading={check.isFetching}
        onClick={() => (asked ? void check.refetch() : setAsked(true))}
        data-testid="audit-chain-verify"
      >
        {ch('verify')}
      </Button>
    </Permission>
  );
  if (!report) {
    return (
      <Alert type="info" showIcon title={ch('notChecked')} action={verify} style={{ marginBottom: 12 }} />
    );
  }
  const anchored = report.newestCheckpoint
    ? ch('newest', { lastId: report.newestCheckpoint.lastId, at: formatTime(report.newestCheckpoint.at) })
    : ch('noCheckpoint');
  return (
    <Alert
      type={report.ok ? 'success' : 'error'}
      showIcon
      data-testid="audit-chain-status"
      title={
        report.ok
          ? ch('ok', { rows: report.rows, checkpoints: report.checkpoints })
          : ch('broken', { count: report.problemCount, rows: report.rows })
      }
      description={
        <>
          <div>
            {anchored}; {ch('verifiedAt', { at: formatTime(report.verifiedAt) })}
          </div>
          {report.problems.map((p) => (
            <div key={`${p.checkpointId ?? ''}-${p.rowId}-${p.reason}`}>
              {ch('problem', { rowId: p.rowId, reason: p.reason })}
            </div>
          ))}
        </>
      }
      action={verify}
      style={{ marginBottom: 12 }}
    />
  );
}
