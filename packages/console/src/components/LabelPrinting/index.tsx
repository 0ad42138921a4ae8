import type { LabelPrinter } from '@trialab/api-contract';
import type { PrinterInfo } from '@trialab/device-protocol';
import { Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceError, isCancellation } from '../../devices/errors';
import { useDeviceErrorText } from '../../devices/hooks';
import { useBridge } from '../../stores/bridge';
import { feedback } from '../../utils/feedback';

const profileOf = (p: PrinterInfo): LabelPrinter => ({ name: p.name, ...p.profile });

/**
 * The workstation's label printers (the bridge's `printer.list`, asked while `open`) and the one
 * chosen; `send` renders ZPL on the server for that printer's profile (`zplOf`) and hands it to the
 * bridge (`printer.print`), saying what was sent or what went wrong. The codes dialog's print and
 * the print jobs page's reprint both send through here (docs/supply.md "Labels").
 */
export function useLabelPrinters(open: boolean) {
  const { t } = useTranslation('supplyBarcodes', { keyPrefix: 'print' });
  const errorText = useDeviceErrorText();
  const client = useBridge((s) => s.client);
  const [printers, setPrinters] = useState<PrinterInfo[]>([]);
  const [printerName, setPrinterName] = useState<string>();
  const [busy, setBusy] = useState(false);

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
  /** True once the printer took the labels. */
  const send = async (
    zplOf: (p: LabelPrinter) => Promise<{ zpl: string; labels: number }>,
  ): Promise<boolean> => {
    if (!client) {
      feedback.error(errorText(deviceError({ code: 'BRIDGE_UNAVAILABLE' })));
      return false;
    }
    if (!printer) return false;
    setBusy(true);
    try {
      const { zpl, labels } = await zplOf(profileOf(printer));
      const sent = await client.call('printer.print', { printer: printer.name, zpl, labels });
      feedback.success(t('sent', { count: sent.labels, printer: sent.printer }));
      return true;
    } catch (error) {
      if (!isCancellation(error)) feedback.error(errorText(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { printers, printer, printerName, setPrinterName, busy, send };
}

/** The printer picker with the chosen printer's address and profile under it. */
export function PrinterField({ printing }: { printing: ReturnType<typeof useLabelPrinters> }) {
  const { t } = useTranslation('supplyBarcodes', { keyPrefix: 'print' });
  const { printer, printers, printerName, setPrinterName } = printing;
  return (
    <Form.Item
      label={t('printer')}
      htmlFor="label-printer"
      extra={printer ? t('profile', { ...printer.profile, address: printer.address }) : t('noPrinter')}
    >
      <Select
        id="label-printer"
        value={printerName}
        onChange={setPrinterName}
        data-testid="label-printer"
        options={printers.map((p) => ({ value: p.name, label: p.name }))}
      />
    </Form.Item>
  );
}
