import { LABEL_PERMISSIONS, type LabelPrinter } from '@trialab/api-contract';
import type { PrinterInfo } from '@trialab/device-protocol';
import { Button, Form, Modal, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../access/gates';
import { deviceError, isCancellation } from '../../../devices/errors';
import { useDeviceErrorText } from '../../../devices/hooks';
import { callEndpoint } from '../../../services/endpoint';
import { useEndpointQuery } from '../../../services/query';
import { useBridge } from '../../../stores/bridge';
import { feedback } from '../../../utils/feedback';

const profileOf = (p: PrinterInfo): LabelPrinter => ({ name: p.name, ...p.profile });

/**
 * Prints the ticked codes' labels (docs/supply.md "Barcodes and labels"): the server renders the ZPL
 * from the job's snapshot, the workstation's bridge sends it to the printer chosen (`printer.print`);
 * a test label checks the printer's profile first.
 */
export function PrintModal({ codes, onPrinted }: { codes: string[]; onPrinted(): Promise<unknown> }) {
  const { t } = useTranslation('supplyBarcodes', { keyPrefix: 'print' });
  const errorText = useDeviceErrorText();
  const [open, setOpen] = useState(false);
  const [printers, setPrinters] = useState<PrinterInfo[]>([]);
  const [printerName, setPrinterName] = useState<string>();
  const [templateId, setTemplateId] = useState<number>();
  const [busy, setBusy] = useState(false);
  const templates = useEndpointQuery((c) => c.labels.templates, {}, { enabled: open }).data?.data ?? [];
  const client = useBridge((s) => s.client);

  useEffect(() => {
    if (!open || !client) return;
    client.call('printer.list', {}).then(
      ({ printers: list }) => {
        setPrinters(list);
        setPrinterName((name) => name ?? list[0]?.name);
      },
      (error: unknown) => feedback.error(errorText(error)),
    );
  }, [open, client, errorText]);

  const printer = printers.find((p) => p.name === printerName);
  const send = async (zplOf: (p: LabelPrinter) => Promise<{ zpl: string; labels: number }>) => {
    if (!client) {
      feedback.error(errorText(deviceError({ code: 'BRIDGE_UNAVAILABLE' })));
      return;
    }
    if (!printer) return;
    setBusy(true);
    try {
      const { zpl, labels } = await zplOf(profileOf(printer));
      const sent = await client.call('printer.print', { printer: printer.name, zpl, labels });
      feedback.success(t('sent', { count: sent.labels, printer: sent.printer }));
      await onPrinted();
    } catch (error) {
      if (!isCancellation(error)) feedback.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

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
              onClick={() =>
                void send(async (p) => ({
                  zpl: (await callEndpoint((c) => c.labels.testLabel, { body: { printer: p } })).data.zpl,
                  labels: 1,
                }))
              }
              data-testid="label-test"
            >
              {t('test')}
            </Button>
            <Button
              type="primary"
              disabled={!printer || !templateId}
              loading={busy}
              onClick={() =>
                void send(async (p) => {
                  const job = await callEndpoint((c) => c.labels.print, {
                    body: { codes, templateId: templateId ?? 0, printer: p },
                  });
                  setOpen(false);
                  return job.data;
                })
              }
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
                label: `${tp.name} · ${tp.code} v${tp.version} · ${tp.symbology === 'datamatrix' ? 'DataMatrix' : 'Code 128'}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            label={t('printer')}
            extra={printer ? t('profile', { ...printer.profile, address: printer.address }) : t('noPrinter')}
          >
            <Select
              value={printerName}
              onChange={setPrinterName}
              data-testid="label-printer"
              options={printers.map((p) => ({ value: p.name, label: p.name }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Permission>
  );
}
