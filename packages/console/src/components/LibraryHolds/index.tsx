// Legal holds and consent withdrawals (docs/library.md "Legal hold and consent withdrawal"): the tags
// a specimen shows (sample list, map), the dialog that sets a flag on specimens or a subject, the
// drawer listing the flags with their history and lifting one. Setting and lifting are e-signed: the
// reason first, then the product's signature dialog (the password again).
import {
  type HoldKind,
  holdKindWord,
  LIBRARY_HOLD_PERMISSIONS,
  type LibraryHoldRow,
  type SpecimenHolds,
} from '@trialab/api-contract';
import { Alert, Button, Drawer, Form, Input, Radio, Segmented, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/useAccess';
import { type EndpointPick, useEndpointMutation, useEndpointQuery } from '../../services/query';
import { feedback } from '../../utils/feedback';
import { col } from '../columns';
import type { DataColumn } from '../DataTable';
import { FormModal } from '../FormModal';
import { ListPage } from '../ListPage';
import { SignatureModal } from '../SignatureModal';
import { usePaged } from '../usePaged';
import { HOLD_COLOURS, holdKindOptions, holdLabel, holdsById } from './parts';

type Hold = SpecimenHolds['holds'][number];

/** The flags covering these specimens (specimen id → flags); nothing is asked for an empty list. */
export function useSpecimenHolds(ids: readonly number[]): Map<number, Hold[]> {
  const { hasAny } = useAccess();
  const asked = [...new Set(ids)].slice(0, 500);
  const query = useEndpointQuery(
    (c) => c.libraryHolds.specimens,
    { body: { ids: asked } },
    { enabled: asked.length > 0 && hasAny([LIBRARY_HOLD_PERMISSIONS.page]) },
  );
  return holdsById(query.data?.data);
}

/** A specimen's flags as tags: kind in words (and where it sits), the colour only repeating it. */
export function HoldTags({ holds }: { holds: readonly Hold[] | undefined }) {
  const { t, i18n } = useTranslation('libraryHolds');
  if (!holds?.length) return null;
  return (
    <>
      {holds.map((h) => (
        <Tag key={h.id} color={HOLD_COLOURS[h.kind]} title={h.reason} data-testid={`hold-tag-${h.kind}`}>
          {holdLabel(h, i18n.language, {
            parent: (code) => t('viaParent', { code }),
            subject: (no) => t('viaSubject', { no }),
          })}
        </Tag>
      ))}
    </>
  );
}

/** What setting or lifting a flag changes. */
const READS: readonly EndpointPick[] = [
  (c) => c.libraryHolds.page,
  (c) => c.libraryHolds.specimens,
  (c) => c.librarySamples.list,
];

/** What a new flag sits on: specimens by barcode, or one subject. */
export type HoldTarget = { barcodes: string[] } | { subjectId: number; subjectNo: string };

interface SetValues {
  kind: HoldKind;
  reason: string;
}

/** Sets a legal hold or records a consent withdrawal: kind and reason, then the e-signature. */
export function HoldDialog({ target, onClose }: { target: HoldTarget | null; onClose(): void }) {
  const { t, i18n } = useTranslation('libraryHolds');
  const [values, setValues] = useState<SetValues | null>(null);
  // The form closes itself after its save: that is the step to the signature, not a cancel.
  const signing = useRef(false);
  const set = useEndpointMutation((c) => c.libraryHolds.set, { invalidates: READS });
  const what = !target
    ? ''
    : 'subjectId' in target
      ? t('subjectWhat', { no: target.subjectNo })
      : target.barcodes.length === 1
        ? (target.barcodes[0] ?? '')
        : t('specimensWhat', { count: target.barcodes.length });
  const close = () => {
    signing.current = false;
    setValues(null);
    onClose();
  };
  return (
    <>
      <FormModal<SetValues>
        open={target !== null && values === null}
        title={t('setTitle', { what })}
        initialValues={{ kind: 'subjectId' in (target ?? {}) ? 'consent' : 'legal' }}
        savedMessage={false}
        testId="hold-set"
        name="hold"
        onClose={() => signing.current || close()}
        onSave={async (v) => {
          signing.current = true;
          setValues(v);
        }}
      >
        <Alert type="info" showIcon message={t('rules')} style={{ marginBottom: 12 }} />
        <Form.Item name="kind" label={t('kind')} rules={[{ required: true }]}>
          <Radio.Group options={holdKindOptions(i18n.language)} optionType="button" />
        </Form.Item>
        <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, max: 255 }]}>
          <Input.TextArea rows={3} maxLength={255} showCount placeholder={t('reasonHint')} />
        </Form.Item>
      </FormModal>
      <SignatureModal
        open={target !== null && values !== null}
        meaning={values ? t('setMeaning', { what, kind: holdKindWord(values.kind, i18n.language) }) : ''}
        onCancel={close}
        onSign={async (password) => {
          if (!target || !values) return;
          const { data } = await set.mutateAsync({
            body: {
              kind: values.kind,
              reason: values.reason,
              signature: { password },
              ...('subjectId' in target ? { subjectId: target.subjectId } : { barcodes: target.barcodes }),
            },
          });
          const open = [...data.openBills, ...data.openMoves];
          if (open.length > 0) feedback.warning(t('openHolders', { list: open.join(', ') }));
          else feedback.success(t('setDone'));
          close();
        }}
      />
    </>
  );
}

/** Lifts one flag: the reason, then the e-signature. */
function LiftDialog({ row, onClose }: { row: LibraryHoldRow | null; onClose(): void }) {
  const { t, i18n } = useTranslation('libraryHolds');
  const [reason, setReason] = useState<string | null>(null);
  const signing = useRef(false);
  const lift = useEndpointMutation((c) => c.libraryHolds.lift, { invalidates: READS });
  const close = () => {
    signing.current = false;
    setReason(null);
    onClose();
  };
  const what = row ? (row.specimenCode ?? t('subjectWhat', { no: row.subjectNo ?? '' })) : '';
  return (
    <>
      <FormModal<{ reason: string }>
        open={row !== null && reason === null}
        title={`${t('liftTitle')}: ${what}`}
        savedMessage={false}
        testId="hold-lift"
        name="lift"
        onClose={() => signing.current || close()}
        onSave={async (v) => {
          signing.current = true;
          setReason(v.reason);
        }}
      >
        <Form.Item
          name="reason"
          label={t('liftReason')}
          rules={[{ required: true, whitespace: true, max: 255 }]}
        >
          <Input.TextArea rows={3} maxLength={255} showCount />
        </Form.Item>
      </FormModal>
      <SignatureModal
        open={row !== null && reason !== null}
        meaning={row ? t('liftMeaning', { kind: holdKindWord(row.kind, i18n.language), what }) : ''}
        onCancel={close}
        onSign={async (password) => {
          if (!row || reason === null) return;
          await lift.mutateAsync({ params: { id: row.id }, body: { reason, signature: { password } } });
          feedback.success(t('liftDone'));
          close();
        }}
      />
    </>
  );
}

type Shown = 'active' | 'lifted' | 'all';
const SHOWN: Record<Shown, { active?: boolean; all?: boolean }> = {
  active: { active: true },
  lifted: { active: false },
  all: { all: true },
};

/** The flags (active, lifted or all) in the caller's projects, optionally of one subject, with Lift. */
export function HoldsDrawer({
  open,
  subject,
  onClose,
}: {
  open: boolean;
  subject?: { id: number; no: string };
  onClose(): void;
}) {
  const { t, i18n } = useTranslation('libraryHolds');
  const [shown, setShown] = useState<Shown>('active');
  const [lifting, setLifting] = useState<LibraryHoldRow | null>(null);
  const list = usePaged(
    (c) => c.libraryHolds.page,
    { ...SHOWN[shown], ...(subject ? { subjectId: subject.id } : {}) },
    { enabled: open },
  );
  const columns: DataColumn<LibraryHoldRow>[] = [
    {
      title: t('kind'),
      dataIndex: 'kind',
      width: 130,
      render: (v: HoldKind) => <Tag color={HOLD_COLOURS[v]}>{holdKindWord(v, i18n.language)}</Tag>,
    },
    {
      title: t('target'),
      dataIndex: 'specimenCode',
      width: 150,
      render: (_: unknown, r: LibraryHoldRow) =>
        r.specimenCode ?? t('subjectWhat', { no: r.subjectNo ?? '' }),
    },
    col.text('projectNo', t('project'), 120),
    col.text('reason', t('reason'), 220),
    col.text('setByName', t('setBy'), 100),
    col.time('setAt', t('setAt')),
    col.text('liftedByName', t('liftedBy'), 100),
    col.time('liftedAt', t('liftedAt')),
    col.text('liftReason', t('liftReason'), 200),
  ];
  return (
    <Drawer
      open={open}
      width={1200}
      title={subject ? `${t('listTitle')} · ${subject.no}` : t('listTitle')}
      onClose={onClose}
    >
      <ListPage<LibraryHoldRow, Record<string, never>>
        list={list}
        rowKey="id"
        columns={columns}
        header={
          <Segmented<Shown>
            value={shown}
            onChange={setShown}
            options={(['active', 'lifted', 'all'] as const).map((v) => ({ value: v, label: t(v) }))}
            data-testid="holds-shown"
          />
        }
        actions={{
          width: 90,
          items: [
            {
              label: t('lift'),
              permission: LIBRARY_HOLD_PERMISSIONS.lift,
              danger: true,
              hidden: (r) => r.liftedAt !== null,
              testId: (r) => `hold-lift-${r.specimenCode ?? r.subjectNo}`,
              onClick: setLifting,
            },
          ],
        }}
      >
        <LiftDialog row={lifting} onClose={() => setLifting(null)} />
      </ListPage>
    </Drawer>
  );
}

/** The toolbar button opening the drawer (for whoever may see the flags). */
export function HoldsButton({ subject }: { subject?: { id: number; no: string } }) {
  const { t } = useTranslation('libraryHolds');
  const { hasAny } = useAccess();
  const [open, setOpen] = useState(false);
  if (!hasAny([LIBRARY_HOLD_PERMISSIONS.page])) return null;
  return (
    <Space>
      <Button onClick={() => setOpen(true)} data-testid="holds-open">
        {t('list')}
      </Button>
      <HoldsDrawer open={open} subject={subject} onClose={() => setOpen(false)} />
    </Space>
  );
}
