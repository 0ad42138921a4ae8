import type { MessageTexts } from '@trialab/api-contract';

/** Messages of specimen intake (sample codes, bench sign-for, sub-barcodes, temporary storage). */
export const SPECIMEN_MESSAGES = {
  specimenCodesTaken: {
    zh_CN: '以下条码已登记：{codes}',
    en_US: 'Barcodes already registered: {codes}',
    zh_HK: '以下條碼已登記：{codes}',
  },
  specimenCodesRepeated: {
    zh_CN: '条码重复：{codes}',
    en_US: 'Barcodes given twice: {codes}',
    zh_HK: '條碼重複：{codes}',
  },
  specimenCodesUnknown: {
    zh_CN: '条码未登记：{codes}',
    en_US: 'Barcodes not registered: {codes}',
    zh_HK: '條碼未登記：{codes}',
  },
  specimenLinkInvalid: {
    zh_CN: '{field} 不属于该项目或不存在',
    en_US: 'The {field} does not exist or does not belong to the project',
    zh_HK: '{field} 不屬於該項目或不存在',
  },
  specimenLinksFixed: {
    zh_CN: '条码已在实验室签收或已停用，不能再修改关联信息',
    en_US: 'The barcode has been signed for in the lab or disabled; its links can no longer change',
    zh_HK: '條碼已在實驗室簽收或已停用，不能再修改關聯資料',
  },
  specimenShipmentNotReceived: {
    zh_CN: '该运单尚未签收，不能交接样本',
    en_US: 'The shipment has not been received yet; its samples cannot be signed for',
    zh_HK: '該運單尚未簽收，不能交接樣本',
  },
  specimenWrongProject: {
    zh_CN: '条码不属于该运单的项目或中心：{codes}',
    en_US: 'Barcodes of another project or site than the shipment: {codes}',
    zh_HK: '條碼不屬於該運單的項目或中心：{codes}',
  },
  specimenAlreadySigned: {
    zh_CN: '条码已签收或已停用：{codes}',
    en_US: 'Barcodes already signed for or disabled: {codes}',
    zh_HK: '條碼已簽收或已停用：{codes}',
  },
  specimenTypeNotInShipment: {
    zh_CN: '运单中没有对应样本类型的已签收样本：{codes}',
    en_US: 'The shipment has no received samples of the sample type of: {codes}',
    zh_HK: '運單中沒有對應樣本類型的已簽收樣本：{codes}',
  },
  specimenTypeAmbiguous: {
    zh_CN: '条码未登记样本类型，且运单包含多种样本：{codes}',
    en_US: 'Barcodes without a sample type while the shipment holds several types: {codes}',
    zh_HK: '條碼未登記樣本類型，且運單包含多種樣本：{codes}',
  },
  specimenOverReceived: {
    zh_CN: '{type} 签收数量超过运单实收数量（实收 {received}，已交接 {signed}，本次 {adding}）',
    en_US: 'More {type} samples than received (received {received}, signed for {signed}, now {adding})',
    zh_HK: '{type} 簽收數量超過運單實收數量（實收 {received}，已交接 {signed}，本次 {adding}）',
  },
  subBarcodeParentState: {
    zh_CN: '条码 {code} 尚未在实验室签收或已停用，不能分装',
    en_US: 'Barcode {code} has not been signed for in the lab or is disabled; it cannot be aliquoted',
    zh_HK: '條碼 {code} 尚未在實驗室簽收或已停用，不能分裝',
  },
  subBarcodeNested: {
    zh_CN: '子条码不能再分装：{code}',
    en_US: 'A sub-barcode cannot be aliquoted again: {code}',
    zh_HK: '子條碼不能再分裝：{code}',
  },
  subBarcodeTooLong: {
    zh_CN: '条码 {code} 过长，加后缀后超过32位',
    en_US: 'Barcode {code} is too long: with a suffix it would exceed 32 characters',
    zh_HK: '條碼 {code} 過長，加後綴後超過32位',
  },
  subBarcodeExhausted: {
    zh_CN: '条码 {code} 的子条码后缀已用尽（已用到 {last}，最多 {max}）',
    en_US: 'Barcode {code} has no sub-barcode suffixes left (used up to {last}, at most {max})',
    zh_HK: '條碼 {code} 的子條碼後綴已用盡（已用到 {last}，最多 {max}）',
  },
  subBarcodeNotSub: {
    zh_CN: '只能在此停用子条码',
    en_US: 'Only sub-barcodes can be disabled here',
    zh_HK: '只能在此停用子條碼',
  },
  specimenStoredCannotDisable: {
    zh_CN: '样本仍在暂存中，请先出库',
    en_US: 'The sample is still in storage: take it out first',
    zh_HK: '樣本仍在暫存中，請先出庫',
  },
  storageDeviceMissing: { zh_CN: '存储设备不存在', en_US: 'No such storage device', zh_HK: '存儲設備不存在' },
  storageDeviceDisabled: {
    zh_CN: '存储设备或容器已停用',
    en_US: 'The storage device or container is disabled',
    zh_HK: '存儲設備或容器已停用',
  },
  storageTemperatureMissing: {
    zh_CN: '温度条件不存在',
    en_US: 'No such temperature condition',
    zh_HK: '溫度條件不存在',
  },
  storageDeviceHasOther: {
    zh_CN: '设备中仍有其他温度条件的样本，不能更改温度条件',
    en_US: 'The device holds samples of another temperature condition; its condition cannot change',
    zh_HK: '設備中仍有其他溫度條件的樣本，不能更改溫度條件',
  },
  storageContainerInUse: {
    zh_CN: '容器中有样本时不能更换设备或缩小行列（{position} 已占用）',
    en_US: 'A container holding samples cannot move or shrink ({position} is taken)',
    zh_HK: '容器中有樣本時不能更換設備或縮小行列（{position} 已佔用）',
  },
  storageNotSigned: {
    zh_CN: '样本尚未在实验室签收或已停用：{codes}',
    en_US: 'Samples not signed for in the lab, or disabled: {codes}',
    zh_HK: '樣本尚未在實驗室簽收或已停用：{codes}',
  },
  storageAlreadyStored: {
    zh_CN: '样本已在暂存中：{codes}',
    en_US: 'Samples already in storage: {codes}',
    zh_HK: '樣本已在暫存中：{codes}',
  },
  storageNotStored: {
    zh_CN: '样本不在暂存中：{codes}',
    en_US: 'Samples not in storage: {codes}',
    zh_HK: '樣本不在暫存中：{codes}',
  },
  storageTemperatureMismatch: {
    zh_CN: '样本温度条件与设备（{device}）不符：{codes}',
    en_US: 'Storage condition differs from the device ({device}): {codes}',
    zh_HK: '樣本溫度條件與設備（{device}）不符：{codes}',
  },
  storagePositionInvalid: {
    zh_CN: '位置超出容器范围（{rows}行×{cols}列）：{positions}',
    en_US: 'Positions outside the container ({rows} rows × {cols} columns): {positions}',
    zh_HK: '位置超出容器範圍（{rows}行×{cols}列）：{positions}',
  },
  storagePositionTaken: {
    zh_CN: '位置已被占用：{positions}',
    en_US: 'Positions already taken: {positions}',
    zh_HK: '位置已被佔用：{positions}',
  },
  storagePositionRepeated: {
    zh_CN: '位置重复：{positions}',
    en_US: 'Positions given twice: {positions}',
    zh_HK: '位置重複：{positions}',
  },
  storageFull: {
    zh_CN: '容器剩余空位不足（剩余 {free}，需要 {needed}）',
    en_US: 'Not enough free positions in the container ({free} free, {needed} needed)',
    zh_HK: '容器剩餘空位不足（剩餘 {free}，需要 {needed}）',
  },
  storageImportUnreadable: {
    zh_CN: '无法读取该文件，请使用模板（xlsx）',
    en_US: 'The file cannot be read: use the xlsx template',
    zh_HK: '無法讀取該文件，請使用範本（xlsx）',
  },
  storageImportEmpty: {
    zh_CN: '文件中没有条码',
    en_US: 'The file holds no barcodes',
    zh_HK: '文件中沒有條碼',
  },
  storageImportTooMany: {
    zh_CN: '一次最多导入 {max} 行',
    en_US: 'At most {max} rows per import',
    zh_HK: '一次最多匯入 {max} 行',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    specimen: typeof SPECIMEN_MESSAGES;
  }
}
