import type { MessageTexts } from '@trialab/api-contract';

/** Messages of identity-verified custody (docs/library.md "Identity-verified custody"). */
export const CUSTODY_MESSAGES = {
  custodyNotAuthorised: {
    zh_CN: '证件 {card} 的持有人不在项目 {project} 的授权{role}名单中',
    en_US: 'The holder of card {card} is not an authorised {role} of project {project}',
    zh_HK: '證件 {card} 的持有人不在項目 {project} 的授權{role}名單中',
  },
  custodyRecipientUnknown: {
    zh_CN: '授权接收人不存在、已停用或不属于项目 {project}',
    en_US:
      'The authorised recipient does not exist, is withdrawn or belongs to another project than {project}',
    zh_HK: '授權接收人不存在、已停用或不屬於項目 {project}',
  },
  custodyScoreLow: {
    zh_CN: '比对分数 {score} 未超过实验室设定的阈值 {threshold}，身份未通过核验',
    en_US: "The comparison score {score} is not above the lab's threshold {threshold}: identity not verified",
    zh_HK: '比對分數 {score} 未超過實驗室設定的閾值 {threshold}，身份未通過核驗',
  },
  custodyDeviceMismatch: {
    zh_CN: '核验方式与设备不符：人脸比对来自高拍仪服务，指纹比对来自指纹仪',
    en_US:
      'The method does not match the device: a face comparison comes from the camera service, a fingerprint from a reader',
    zh_HK: '核驗方式與設備不符：人臉比對來自高拍儀服務，指紋比對來自指紋儀',
  },
  custodyStale: {
    zh_CN: '核验时间 {at} 不在最近一小时内，请重新核验身份',
    en_US: 'The identification at {at} is not from the last hour: identify the person again',
    zh_HK: '核驗時間 {at} 不在最近一小時內，請重新核驗身份',
  },
  custodyDevicesRequired: {
    zh_CN: '实验室设置不允许以密码签名代替身份核验：请用身份证与人脸或指纹核验身份',
    en_US:
      "The lab's settings do not allow a password signature instead of an identity check: identify the person by ID card and face or fingerprint",
    zh_HK: '實驗室設定不允許以密碼簽名代替身份核驗：請用身份證與人臉或指紋核驗身份',
  },
  custodyFormUsed: {
    zh_CN: '这张交接单图片已用于另一张单据',
    en_US: 'This handover form image is already on another bill',
    zh_HK: '這張交接單圖片已用於另一張單據',
  },
  custodyWitnessSelf: {
    zh_CN: '见证人 {name} 的账号就是确认人：见证人须是另一个人',
    en_US: "The witness {name} is the confirming user's own account: the witness must be someone else",
    zh_HK: '見證人 {name} 的賬號就是確認人：見證人須是另一個人',
  },
  custodyCardTaken: {
    zh_CN: '该证件已在项目 {project} 的授权名单中',
    en_US: 'This card is already on the authorised list of project {project}',
    zh_HK: '該證件已在項目 {project} 的授權名單中',
  },
  custodyUserUnknown: {
    zh_CN: '关联账号不存在或不是实验室员工',
    en_US: 'The linked account does not exist or is not a lab employee',
    zh_HK: '關聯賬號不存在或不是實驗室員工',
  },
} as const satisfies Record<string, MessageTexts>;

/** The role words in the refusal ("receiver", "witness"), in the user's language. */
export const CUSTODY_ROLE_WORDS = {
  receiver: { zh_CN: '接收人', en_US: 'receiver', zh_HK: '接收人' },
  witness: { zh_CN: '见证人', en_US: 'witness', zh_HK: '見證人' },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    custody: typeof CUSTODY_MESSAGES;
  }
}
