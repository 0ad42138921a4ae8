import { LIBRARY_PERMISSIONS as P, type StorageBoxItem } from '@trialab/api-contract';
import { Button, Flex, Form, Input, Modal, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useAccess } from '../../../../access/useAccess';
import { confirmed } from '../../../../components/ConfirmDialog';
import { FormModal } from '../../../../components/FormModal';
import { useAction } from '../../../../components/FormModal/useAction';
import { rules } from '../../../../components/formRules';
import { ProjectSelect } from '../../../../components/ProjectSelect';
import type { Contract } from '../../../../services/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../../services/query';
import { useTexts } from '../parts';
import { boxCells, CELL_MARKS, type GridCell } from './cells';

const COLORS: Record<GridCell['state'], string> = {
  free: 'transparent',
  stored: 'rgba(22, 119, 255, 0.18)',
  reserved: 'rgba(250, 173, 20, 0.25)',
  blocked: 'rgba(255, 77, 79, 0.22)',
  held: 'rgba(114, 46, 209, 0.18)',
};

const invalidates = [(c: Contract) => c.library.boxDetail, (c: Contract) => c.libraryContainers.boxList];

/**
 * A box's cells: each with its label and a mark of its state (stored ●, reserved ◐, blocked ✕,
 * held for a project ◇), so no state is told by colour alone. A free cell can be blocked (broken)
 * or held for a project with a reason; a blocked one unblocked. The engine refuses an occupied
 * or reserved cell; its message shows.
 */
export function BoxCells({ box, onClose }: { box: StorageBoxItem | null; onClose(): void }) {
  const t = useTexts('cells');
  const { can } = useAccess();
  const detail = useEndpointQuery(
    (c) => c.library.boxDetail,
    { params: { id: box?.id ?? 0 } },
    { enabled: box !== null },
  ).data?.data;
  const unblock = useEndpointMutation((c) => c.library.unblock, { invalidates });
  const block = useEndpointMutation((c) => c.library.block, { invalidates });
  const [run, busy] = useAction();
  const [blocking, setBlocking] = useState<GridCell | null>(null);
  const rows = detail ? boxCells(detail, detail.cells) : [];
  const mayBlock = can(P.boxBlock);

  const click = async (cell: GridCell) => {
    if (!box || !mayBlock) return;
    if (cell.state === 'free') return setBlocking(cell);
    if (cell.state !== 'blocked' && cell.state !== 'held') return;
    if (!(await confirmed({ content: t('unblockConfirm', { position: cell.position }) }))) return;
    await run(
      () => unblock.mutateAsync({ params: { id: box.id }, body: { position: cell.position } }),
      t('unblocked', { position: cell.position }),
    );
  };

  return (
    <Modal
      open={box !== null}
      title={box ? t('title', { box: box.code }) : ''}
      onCancel={onClose}
      footer={null}
      width={Math.max(520, 56 * (detail?.cols ?? 9) + 120)}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        {(['free', 'stored', 'reserved', 'blocked', 'held'] as const).map((state) => (
          <Typography.Text key={state} type="secondary">
            <span
              style={{
                display: 'inline-block',
                minWidth: 14,
                background: COLORS[state],
                border: '1px solid #d9d9d9',
                textAlign: 'center',
              }}
            >
              {CELL_MARKS[state] || ' '}
            </span>{' '}
            {t(`state.${state}`)}
          </Typography.Text>
        ))}
      </Space>
      {detail && rows.length === 0 && <Typography.Paragraph>{t('noGrid')}</Typography.Paragraph>}
      <Flex vertical gap={4} data-testid="box-cells">
        {rows.map((row) => (
          <Flex key={row[0]?.row} gap={4}>
            {row.map((cell) => (
              <Tooltip
                key={cell.position}
                title={`${cell.position} · ${t(`state.${cell.state}`)}${cell.detail ? ` · ${cell.detail}` : ''}`}
              >
                <Button
                  size="small"
                  disabled={busy}
                  data-testid={`cell-${cell.position}`}
                  data-state={cell.state}
                  aria-label={`${cell.position} ${t(`state.${cell.state}`)}`}
                  onClick={() => void click(cell)}
                  style={{
                    width: 52,
                    height: 40,
                    padding: 0,
                    background: COLORS[cell.state],
                    fontSize: 12,
                    lineHeight: 1.1,
                  }}
                >
                  <span>
                    {cell.position}
                    <br />
                    {CELL_MARKS[cell.state]}
                  </span>
                </Button>
              </Tooltip>
            ))}
          </Flex>
        ))}
      </Flex>
      {mayBlock && rows.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('hint')}
        </Typography.Paragraph>
      )}
      <FormModal<{ reason: string; projectId?: number | null }>
        open={blocking !== null}
        title={blocking ? t('blockTitle', { position: blocking.position }) : ''}
        name="block"
        testId="block-form"
        onSave={(v) =>
          block.mutateAsync({
            params: { id: box?.id ?? 0 },
            body: { position: blocking?.position ?? '', reason: v.reason, projectId: v.projectId ?? null },
          })
        }
        savedMessage={blocking ? t('blocked', { position: blocking.position }) : false}
        onClose={() => setBlocking(null)}
      >
        <Form.Item
          name="reason"
          label={t('reason')}
          rules={[rules.required(t('reason')), rules.max(t('reason'), 255)]}
        >
          <Input.TextArea maxLength={255} rows={2} placeholder={t('reasonHint')} />
        </Form.Item>
        <Form.Item name="projectId" label={t('heldFor')} extra={t('heldForHint')}>
          <ProjectSelect allowClear />
        </Form.Item>
      </FormModal>
    </Modal>
  );
}
