import type { MessageTexts } from '@trialab/api-contract';

/** Messages of the research-centre module. */
export const RESEARCH_CENTER_MESSAGES = {
  researchCenterCodeTaken: {
    zh_CN: '研究中心编码 {value} 已被“{other}”使用',
    en_US: 'The research centre code {value} is already used by "{other}"',
    zh_HK: '研究中心編碼 {value} 已被「{other}」使用',
  },
  researchCenterNameTaken: {
    zh_CN: '研究中心“{value}”已存在（编码 {other}）',
    en_US: 'The research centre "{value}" already exists (code {other})',
    zh_HK: '研究中心「{value}」已存在（編碼 {other}）',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    researchCenters: typeof RESEARCH_CENTER_MESSAGES;
  }
}
