import { LABEL_PERMISSIONS } from '@trialab/api-contract';
import { Button, Form, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { PrinterField, useLabelPrinters } from '../../../components/LabelPrinting';
import { nameOf } from '../../../components/localName';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointQuery } from '../../../services/query';

/**
 * Prints the ticked codes' labels (docs/supply.md "Barcodes and labels"): the server renders the ZPL
 * from the job's snapshot, the workstation's bridge sends it to the printer chosen (`printer.print`);
 * a test label checks the printer's profile first.
 */
export function PrintModal({ codes, onPrinted }: { codes: string[]; onPrinted(): Promise<unknown> }) {
  const { t } = useTranslation('supplyBarcodes', { keyPrefix: 'print' });
  const [open, setOpen] = useState(false);
  const [templateId, setTemplateId] = useState<number>();
  const templates = useEndpointQuery((c) => c.labels.templates, {}, { enabled: open }).data?.data ?? [];
  const printing = useLabelPrinters(open);
  const { printer, busy, send } = printing;

  return (
    <Permission value={[LABEL_PERMISSIONS.print]}>
      <Button disabled={codes.length === 0} onClick={() => setOpen(true)} data-testid="label-print">
        {t('button')}
      </Button>
      <Modal
        open={open}
        title={t('title', { count: codes.length })}
        onCancel={() => setOpen(false)}
        footer={
          <Space>
            <Button
              disabled={!printer}
              loading={busy}
              onClick={async () => {
                const sent = await send(async (p) => ({
                  zpl: (await callEndpoint((c) => c.labels.testLabel, { body: { printer: p } })).data.zpl,
                  labels: 1,
                }));
                if (sent) await onPrinted();
              }}
              data-testid="label-test"
            >
              {t('test')}
            </Button>
            <Button
              type="primary"
              disabled={!printer || !templateId}
              loading={busy}
              onClick={async () => {
                const sent = await send(async (p) => {
                  const job = await callEndpoint((c) => c.labels.print, {
                    body: { codes, templateId: templateId ?? 0, printer: p },
                  });
                  setOpen(false);
                  return job.data;
                });
                if (sent) await onPrinted();
              }}
              data-testid="label-print-ok"
            >
              {t('print')}
            </Button>
          </Space>
        }
      >
        <Form layout="vertical">
          <Form.Item label={t('template')}>
            <Select
              value={templateId}
              onChange={setTemplateId}
              data-testid="label-template"
              options={templates.map((tp) => ({
                value: tp.id,
                label: `${nameOf(tp)} · ${tp.code} v${tp.version} · ${tp.symbology === 'datamatrix' ? 'DataMatrix' : 'Code 128'}`,
              }))}
            />
          </Form.Item>
          <PrinterField printing={printing} />
        </Form>
      </Modal>
    </Permission>
  );
}
