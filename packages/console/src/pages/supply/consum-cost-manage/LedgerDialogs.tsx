import type { DataOf, StockMove } from '@trialab/api-contract';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { rules } from '../../../components/formRules';
import type { Contract } from '../../../services/contract';
import { callEndpoint } from '../../../services/endpoint';

export type StockRow = DataOf<Contract['supply']['stockPage']>[number];
type Store = DataOf<Contract['supply']['stores']>[number];

export const MOVE_KINDS = ['issue', 'transfer', 'adjust', 'writeOff'] as const;
export type MoveKind = (typeof MOVE_KINDS)[number];

export interface MoveValues {
  kind: MoveKind;
  quantity: number;
  toStoreId?: number;
  reason?: string;
}

/**
 * The ledger row a movement of a lot in a store writes: only the fields its kind takes (an issue's
 * reason is optional, an adjustment is signed and, like a write-off, needs its reason).
 */
export function moveBody(row: Pick<StockRow, 'lotId' | 'storeId'>, v: MoveValues): StockMove {
  const at = { lotId: row.lotId, storeId: row.storeId, quantity: v.quantity };
  const reason = v.reason?.trim() ?? '';
  switch (v.kind) {
    case 'issue':
      return { kind: 'issue', ...at, reason: reason || null };
    case 'transfer':
      return { kind: 'transfer', ...at, toStoreId: v.toStoreId ?? 0 };
    case 'adjust':
      return { kind: 'adjust', ...at, reason };
    case 'writeOff':
      return { kind: 'writeOff', ...at, reason };
  }
}

const lotName = (row: StockRow | null) =>
  row ? `${row.consumableName} ${row.lotNo} · ${row.storeName} (${row.onHand} ${row.unit})` : '';

/**
 * Issue, transfer, adjustment or write-off of a lot in a store (docs/supply.md "Stock ledger"): one
 * dialog, the kind chosen first; the server refuses a movement that would take the store below zero.
 */
export function MoveModal({
  row,
  stores,
  onSaved,
  onClose,
}: {
  row: StockRow | null;
  stores: readonly Store[];
  onSaved(): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation('supply');
  const [form] = Form.useForm<MoveValues>();
  const kind = Form.useWatch('kind', form) ?? 'issue';
  const needsReason = kind === 'adjust' || kind === 'writeOff';
  return (
    <FormModal<MoveValues>
      open={row !== null}
      title={`${t('move')} ${lotName(row)}`}
      name="move"
      testId="stock-move-form"
      form={form}
      initialValues={{ kind: 'issue' }}
      onSave={(v) =>
        row
          ? callEndpoint((c) => c.supply.stockMove, { body: moveBody(row, v) }).then(onSaved)
          : Promise.resolve()
      }
      onClose={onClose}
    >
      <Form.Item name="kind" label={t('kind')} rules={[rules.chosen(t('kind'))]}>
        <Radio.Group
          optionType="button"
          options={MOVE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
      </Form.Item>
      {kind === 'transfer' && (
        <Form.Item name="toStoreId" label={t('toStore')} rules={[rules.chosen(t('toStore'))]}>
          <Select
            options={stores.filter((s) => s.id !== row?.storeId).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="quantity"
        label={kind === 'adjust' ? t('adjustBy') : t('quantity')}
        extra={kind === 'adjust' ? t('adjustHint') : undefined}
        rules={[rules.amount(t('quantity'))]}
      >
        <InputNumber min={kind === 'adjust' ? -999_999 : 1} max={999_999} precision={0} />
      </Form.Item>
      {kind !== 'transfer' && (
        <Form.Item
          name="reason"
          label={t('reason')}
          rules={[...(needsReason ? [rules.required(t('reason'))] : []), rules.max(t('reason'), 255)]}
        >
          <Input.TextArea rows={2} maxLength={255} />
        </Form.Item>
      )}
    </FormModal>
  );
}

interface CountValues {
  counted: number;
  reason?: string;
}

/**
 * A stocktake count of a lot in a store: a variance from the ledger waits for another person's
 * approval (the stocktake tabs and the home to-do).
 */
export function CountModal({
  row,
  onSaved,
  onClose,
}: {
  row: StockRow | null;
  onSaved(): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation('supply');
  return (
    <FormModal<CountValues>
      open={row !== null}
      title={`${t('count')} ${lotName(row)}`}
      name="count"
      testId="stocktake-form"
      savedMessage={t('countSaved')}
      onSave={(v) =>
        row
          ? callEndpoint((c) => c.supply.stocktakeCreate, {
              body: {
                lotId: row.lotId,
                storeId: row.storeId,
                counted: v.counted,
                reason: v.reason?.trim() || null,
              },
            }).then(onSaved)
          : Promise.resolve()
      }
      onClose={onClose}
    >
      <Form.Item name="counted" label={t('counted')} rules={[rules.amount(t('counted'))]}>
        <InputNumber min={0} max={999_999} precision={0} />
      </Form.Item>
      <Form.Item name="reason" label={t('reason')} rules={[rules.max(t('reason'), 255)]}>
        <Input.TextArea rows={2} maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}
