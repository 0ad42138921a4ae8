import { IdcardOutlined } from '@ant-design/icons';
import type { IdCard } from '@trialab/device-protocol';
import { Button, Descriptions, Image, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dash } from '../../components/format';
import { useBridge } from '../../stores/bridge';
import { feedback } from '../../utils/feedback';
import { deviceError, isCancellation } from '../errors';
import { useDeviceErrorText } from '../hooks';

const CARD_TYPES = ['A', 'B', 'C', 'J', 'I'] as const;

export interface IdCardReaderProps {
  card: IdCard | null;
  onRead(card: IdCard): void;
}

/** Reads an ID card through the bridge (every card type: A, B, C, J, I) and shows its fields. */
export function IdCardReader({ card, onRead }: IdCardReaderProps) {
  const { t } = useTranslation();
  const text = useDeviceErrorText();
  const [busy, setBusy] = useState(false);

  const read = async () => {
    const client = useBridge.getState().client;
    if (!client) {
      feedback.error(text(deviceError({ code: 'BRIDGE_UNAVAILABLE' })));
      return;
    }
    setBusy(true);
    try {
      onRead(await client.call('idcard.read', {}));
    } catch (error) {
      if (!isCancellation(error)) feedback.error(text(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="idcard-reader">
      <Button icon={<IdcardOutlined />} loading={busy} onClick={() => void read()} data-testid="idcard-read">
        {busy ? t('lab.device.idcardWaiting') : t('lab.device.idcardRead')}
      </Button>
      {card && (
        <Space align="start" size="large">
          {card.photoBase64 && (
            <Image
              width={102}
              src={`data:image/jpeg;base64,${card.photoBase64}`}
              alt={t('lab.device.cardPhoto')}
            />
          )}
          <Descriptions size="small" column={2} data-testid="idcard-result">
            <Descriptions.Item label={t('lab.subject.name')}>{card.name}</Descriptions.Item>
            <Descriptions.Item label={t('lab.device.cardType')}>
              {CARD_TYPES.includes(card.cardType)
                ? t(`lab.device.cardTypes.${card.cardType}`)
                : card.cardType}
            </Descriptions.Item>
            <Descriptions.Item label={t('lab.device.cardId')}>{card.cardID}</Descriptions.Item>
            <Descriptions.Item label={t('lab.subject.gender')}>{dash(card.sex)}</Descriptions.Item>
            <Descriptions.Item label={t('lab.subject.birthday')}>{dash(card.birthday)}</Descriptions.Item>
            <Descriptions.Item label={t('lab.device.validity')}>
              {dash(card.validStart)} ~ {dash(card.validEnd)}
            </Descriptions.Item>
          </Descriptions>
        </Space>
      )}
    </Space>
  );
}
