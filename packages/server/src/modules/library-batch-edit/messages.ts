import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the batch edit of specimen records (docs/library.md "Batch edit"). */
export const LIBRARY_BATCH_EDIT_MESSAGES = {
  batchEditNothing: {
    zh_CN: '请至少填写一项要修改的内容',
    en_US: 'Give at least one new value',
    zh_HK: '請至少填寫一項要修改的內容',
  },
  batchEditTarget: {
    zh_CN: '请给出条码或筛选条件（二选一）',
    en_US: 'Give either barcodes or a filter',
    zh_HK: '請給出條碼或篩選條件（二選一）',
  },
  batchEditTooMany: {
    zh_CN: '筛选到的样本超过 {max} 个，请缩小筛选范围',
    en_US: 'The filter finds more than {max} specimens: narrow it',
    zh_HK: '篩選到的樣本超過 {max} 個，請縮小篩選範圍',
  },
  batchEditUnknown: {
    zh_CN: '样本 {code} 不存在或不在您的项目范围内',
    en_US: 'Specimen {code} is unknown or outside your projects',
    zh_HK: '樣本 {code} 不存在或不在您的項目範圍內',
  },
  batchEditNotReceived: {
    zh_CN: '样本 {code} 尚未签收，不能修改',
    en_US: 'Specimen {code} has not been signed for: it cannot be edited',
    zh_HK: '樣本 {code} 尚未簽收，不能修改',
  },
  batchEditNoPlan: {
    zh_CN: '项目 {project} 没有在线的采样方案：不能修改访视或样本类型',
    en_US: 'Project {project} has no online sampling plan: visit and sample type cannot be changed',
    zh_HK: '項目 {project} 沒有在線的採樣方案：不能修改訪視或樣本類型',
  },
  batchEditVisitNotInPlan: {
    zh_CN: '访视“{visit}”不在项目 {project} 的采样方案中',
    en_US: 'Visit “{visit}” is not in the sampling plan of project {project}',
    zh_HK: '訪視「{visit}」不在項目 {project} 的採樣方案中',
  },
  batchEditTypeNotAtVisit: {
    zh_CN: '项目 {project} 的采样方案在访视“{visit}”不采集{type}',
    en_US: 'The sampling plan of project {project} collects no {type} at visit “{visit}”',
    zh_HK: '項目 {project} 的採樣方案在訪視「{visit}」不採集{type}',
  },
  batchEditAliquot: {
    zh_CN: '样本 {code} 是分装管：访视和样本类型随母样本 {parent}，不能单独修改',
    en_US: 'Specimen {code} is an aliquot of {parent}: its visit and sample type are its parent’s',
    zh_HK: '樣本 {code} 是分裝管：訪視和樣本類型隨母樣本 {parent}，不能單獨修改',
  },
  batchEditHasAliquots: {
    zh_CN: '样本 {code} 已分装：访视和样本类型须与分装管一致，不能批量修改',
    en_US: 'Specimen {code} has aliquots: its visit and sample type must stay the same as theirs',
    zh_HK: '樣本 {code} 已分裝：訪視和樣本類型須與分裝管一致，不能批量修改',
  },
  batchEditStale: {
    zh_CN: '样本 {code} 在预览后已被修改，请重新预览',
    en_US: 'Specimen {code} has changed since the preview: preview again',
    zh_HK: '樣本 {code} 在預覽後已被修改，請重新預覽',
  },
  batchEditUnchanged: {
    zh_CN: '样本 {code} 没有要修改的内容',
    en_US: 'Specimen {code} has nothing to change',
    zh_HK: '樣本 {code} 沒有要修改的內容',
  },
  batchEditTwice: {
    zh_CN: '样本 {code} 重复出现',
    en_US: 'Specimen {code} is given more than once',
    zh_HK: '樣本 {code} 重複出現',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    libraryBatchEdit: typeof LIBRARY_BATCH_EDIT_MESSAGES;
  }
}
