import type { MessageTexts } from '@trialab/api-contract';

/** Messages of supply (docs/supply.md). */
export const SUPPLY_MESSAGES = {
  supplyCodeTaken: {
    zh_CN: '耗材编码 {code} 已存在',
    en_US: 'A consumable with code {code} already exists',
    zh_HK: '耗材編碼 {code} 已存在',
  },
  supplyKitNameTaken: {
    zh_CN: '项目中已有名为 {name} 的套件',
    en_US: 'The project already has a kit named {name}',
    zh_HK: '項目中已有名為 {name} 的套件',
  },
  supplyKitOfPlan: {
    zh_CN: '套件由方案 {plan} 定义，请在方案中修改',
    en_US: 'The kit is defined by plan {plan}: edit it in the plan',
    zh_HK: '套件由方案 {plan} 定義，請在方案中修改',
  },
  supplyKitItemUnknown: {
    zh_CN: '套件中的耗材须为耗材目录中启用的耗材，且每种只列一次',
    en_US: "A kit's items must be enabled consumables of the catalogue, each listed once",
    zh_HK: '套件中的耗材須為耗材目錄中啟用的耗材，且每種只列一次',
  },
  supplyConsumableDisabled: {
    zh_CN: '耗材 {code} 已停用，不能入库',
    en_US: 'Consumable {code} is out of use and cannot be stocked in',
    zh_HK: '耗材 {code} 已停用，不能入庫',
  },
  supplyLotMismatch: {
    zh_CN:
      '批号 {lot} 已从该供应商以有效期 {expiry}、单价 {cost} 入库，同一供应商的同一批号有效期与单价不能不同',
    en_US:
      'Lot {lot} was received from this supplier with expiry {expiry} and unit cost {cost}: a lot keeps one expiry and cost',
    zh_HK:
      '批號 {lot} 已從該供應商以有效期 {expiry}、單價 {cost} 入庫，同一供應商的同一批號有效期與單價不能不同',
  },
  supplyLotExpired: {
    zh_CN: '批号 {lot} 已于 {expiry} 过期，不能入库',
    en_US: 'Lot {lot} expired on {expiry} and cannot be stocked in',
    zh_HK: '批號 {lot} 已於 {expiry} 過期，不能入庫',
  },
  supplyStoreUnknown: {
    zh_CN: '库房不存在',
    en_US: 'The store does not exist',
    zh_HK: '庫房不存在',
  },
  supplySameStore: {
    zh_CN: '调出与调入库房不能相同',
    en_US: 'A transfer goes to another store',
    zh_HK: '調出與調入庫房不能相同',
  },
  supplyNotEnough: {
    zh_CN: '批号 {lot} 在该库房的库存为 {onHand}，不足 {take}',
    en_US: 'Lot {lot} has {onHand} in this store, fewer than {take}',
    zh_HK: '批號 {lot} 在該庫房的庫存為 {onHand}，不足 {take}',
  },
  supplyFefoShort: {
    zh_CN: '{item} 需要 {needed}，有效期不早于 {shipFrom} 的批次库存只有 {available}，不能发货',
    en_US:
      '{item}: {needed} needed, but lots expiring on or after {shipFrom} hold only {available}; nothing is dispatched',
    zh_HK: '{item} 需要 {needed}，有效期不早於 {shipFrom} 的批次庫存只有 {available}，不能發貨',
  },
  supplyStocktakeNoLot: {
    zh_CN: '该库房没有批号 {lot} 的库存记录',
    en_US: 'This store has no record of lot {lot}',
    zh_HK: '該庫房沒有批號 {lot} 的庫存記錄',
  },
} satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    supply: typeof SUPPLY_MESSAGES;
  }
}
