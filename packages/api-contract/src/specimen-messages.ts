import type { MessageTexts } from './codes.js';

// Validation messages of the specimen intake forms (keys used in the zod schemas; both sides translate them).
export const SPECIMEN_VALIDATION_MESSAGES: Record<string, MessageTexts> = {
  'validation.specimen.range': {
    zh_CN: '号段结束值须不小于起始值，且一次最多1000个',
    en_US: 'The range must end at or after its start, with at most 1000 codes',
    zh_HK: '號段結束值須不小於起始值，且一次最多1000個',
  },
  'validation.specimen.rangeOrList': {
    zh_CN: '请填写号段或条码列表（二选一）',
    en_US: 'Give either a range or a list of barcodes',
    zh_HK: '請填寫號段或條碼列表（二選一）',
  },
  'validation.specimen.code': {
    zh_CN: '编号须为1至32位字母、数字或 _ . -，以字母或数字开头',
    en_US: 'The code must be 1 to 32 letters, digits or _ . -, starting with a letter or digit',
    zh_HK: '編號須為1至32位字母、數字或 _ . -，以字母或數字開頭',
  },
  'validation.library.grid': {
    zh_CN: '网格型冻存盒须填写行数和列数',
    en_US: 'A grid box type needs rows and columns',
    zh_HK: '網格型凍存盒須填寫行數和列數',
  },
  'validation.library.moveEmpty': {
    zh_CN: '移位申请须至少包含一条样本或冻存盒',
    en_US: 'A move request needs at least one specimen or box',
    zh_HK: '移位申請須至少包含一條樣本或凍存盒',
  },
  'validation.specimen.position': {
    zh_CN: '位置须为行字母加列号，如 B3',
    en_US: 'A position is a row letter and a column number, e.g. B3',
    zh_HK: '位置須為行字母加列號，如 B3',
  },
};
