import type { MessageTexts } from '@trialab/api-contract';

/** Refusals of marketing: customers, rate cards, quotations and contracts (docs/finance.md). */
export const MARKETING_MESSAGES = {
  marketingExternal: {
    zh_CN: '外部用户不能访问市场管理',
    en_US: 'External users have no access to marketing',
    zh_HK: '外部用戶不能訪問市場管理',
  },
  marketingCustomerType: {
    zh_CN: '客户类型 {type} 不在字典1001中',
    en_US: 'Customer type {type} is not an item of dictionary 1001',
    zh_HK: '客戶類型 {type} 不在字典1001中',
  },
  marketingCustomerName: {
    zh_CN: '客户名称“{name}”已存在',
    en_US: 'A customer named “{name}” already exists',
    zh_HK: '客戶名稱「{name}」已存在',
  },
  marketingOwner: {
    zh_CN: '只能把客户交给一位在职的内部员工；只有可查看全部客户的用户才能指定他人为负责人',
    en_US:
      'A customer’s owner is an enabled staff member; only a user who sees every customer may name someone else',
    zh_HK: '只能把客戶交給一位在職的內部員工；只有可查看全部客戶的用戶才能指定他人為負責人',
  },
  marketingProjectUnknown: {
    zh_CN: '项目 {id} 不存在',
    en_US: 'Project {id} does not exist',
    zh_HK: '項目 {id} 不存在',
  },
  marketingCardScope: {
    zh_CN: '适用范围为“客户”时须选择客户，为“项目”时须选择项目，为“全部”时两者都不选',
    en_US:
      'A card for one customer names the customer, one for a project names the project, one for all names neither',
    zh_HK: '適用範圍為「客戶」時須選擇客戶，為「項目」時須選擇項目，為「全部」時兩者都不選',
  },
  marketingValidity: {
    zh_CN: '有效期止（{to}）不能早于有效期起（{from}）',
    en_US: 'The last valid day ({to}) is before the first ({from})',
    zh_HK: '有效期止（{to}）不能早於有效期起（{from}）',
  },
  marketingVersionOrder: {
    zh_CN: '新版本须晚于当前最新版本的生效日 {from}',
    en_US: 'A new version starts after the latest version’s first day, {from}',
    zh_HK: '新版本須晚於當前最新版本的生效日 {from}',
  },
  marketingDuplicateService: {
    zh_CN: '服务 {key} 在同一版本中出现了两次',
    en_US: 'Service {key} appears twice in one version',
    zh_HK: '服務 {key} 在同一版本中出現了兩次',
  },
  marketingCardNotApplicable: {
    zh_CN: '该价目表版本不适用于此客户与项目，或在报价日不在有效期内',
    en_US: 'This rate-card version does not apply to this customer and project, or is not valid today',
    zh_HK: '該價目表版本不適用於此客戶與項目，或在報價日不在有效期內',
  },
  marketingRateLineUnknown: {
    zh_CN: '价目行 {id} 不属于所选价目表版本',
    en_US: 'Rate line {id} is not a line of the chosen rate-card version',
    zh_HK: '價目行 {id} 不屬於所選價目表版本',
  },
  marketingValidUntil: {
    zh_CN: '报价有效期（{date}）不能早于今天',
    en_US: 'The quotation’s validity ({date}) is already past',
    zh_HK: '報價有效期（{date}）不能早於今天',
  },
  marketingProjectOfCustomer: {
    zh_CN: '项目不属于该客户',
    en_US: 'The project is not one of this customer’s',
    zh_HK: '項目不屬於該客戶',
  },
  marketingNotDraft: {
    zh_CN: '只有草稿状态的报价可以修改',
    en_US: 'Only a draft quotation can be edited',
    zh_HK: '只有草稿狀態的報價可以修改',
  },
  marketingDiscountLimit: {
    zh_CN: '本报价折扣为 {rate}，超出您的审批权限 {limit}，须由更高权限的审核人批准',
    en_US:
      'The quotation’s discount, {rate}, is above your limit of {limit}: a reviewer with a higher limit must approve it',
    zh_HK: '本報價折扣為 {rate}，超出您的審批權限 {limit}，須由更高權限的審核人批准',
  },
  marketingDiscountTooLarge: {
    zh_CN: '折扣不能超过报价金额',
    en_US: 'The discount cannot exceed the quotation’s amount',
    zh_HK: '折扣不能超過報價金額',
  },
  marketingQuotationNotUsable: {
    zh_CN: '只能用已批准且未过期的报价（最新版本）签订合同',
    en_US: 'A contract is made only from an approved, unexpired quotation (its latest version)',
    zh_HK: '只能用已批准且未過期的報價（最新版本）簽訂合同',
  },
  marketingContractNumber: {
    zh_CN: '合同编号 {number} 已存在',
    en_US: 'Contract number {number} already exists',
    zh_HK: '合同編號 {number} 已存在',
  },
  marketingContractScan: {
    zh_CN: '请先上传签署的合同扫描件',
    en_US: 'Attach the signed scan first',
    zh_HK: '請先上傳簽署的合同掃描件',
  },
  marketingContractNotActive: {
    zh_CN: '只有执行中的合同可以变更',
    en_US: 'Only a contract in force can be amended',
    zh_HK: '只有執行中的合同可以變更',
  },
  marketingAmendmentDate: {
    zh_CN: '变更生效日须晚于上一版本的生效日 {from}，且在合同有效期（{validFrom} 至 {validTo}）内',
    en_US:
      'An amendment takes effect after the last version’s day, {from}, within the contract’s validity ({validFrom} to {validTo})',
    zh_HK: '變更生效日須晚於上一版本的生效日 {from}，且在合同有效期（{validFrom} 至 {validTo}）內',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    marketing: typeof MARKETING_MESSAGES;
  }
}
