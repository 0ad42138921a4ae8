import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { correctionBody } from './values';

const contact = {
  name: '陈中心',
  phone: '13900000001',
  area: '北京市',
  detail: '示例路1号',
  company: null,
  email: null,
};
const values = {
  samples: [{ sampleTypeId: 1, temperatureId: 2, quantity: 24, unit: '管' }],
  bookSendTime: dayjs('2026-12-02T10:00:00.000Z'),
  sender: contact,
  consignee: contact,
};

describe('the correction body', () => {
  it('sends the version, the reason, the pick-up instant and the samples', () => {
    const body = correctionBody(values, 3, '改到上午 10 点');
    expect(body).toMatchObject({
      version: 3,
      reason: '改到上午 10 点',
      bookSendTime: '2026-12-02T10:00:00.000Z',
      samples: [{ sampleTypeId: 1, temperatureId: 2, quantity: 24, unit: '管' }],
      backupContact: null,
    });
  });
  it('sends a backup contact only with both its name and phone', () => {
    expect(correctionBody({ ...values, backupName: '何研究' }, 1, 'r').backupContact).toBeNull();
    expect(
      correctionBody({ ...values, backupName: '何研究', backupPhone: '13900000003' }, 1, 'r').backupContact,
    ).toEqual({
      name: '何研究',
      phone: '13900000003',
    });
  });
});
