import { pinyin } from 'pinyin-pro';

const HAN = /\p{Script=Han}+/gu;

/**
 * A person's initials, as clinical records pseudonymise a subject for the sites: Chinese characters
 * by the first letter of their pinyin (surnames read as surnames: 单 Shan, 曾 Zeng), other words by
 * their first letter; upper case, nothing else. 张三丰 → ZSF, 欧阳娜娜 → OYNN, Mary-Jane O'Neil → MJO.
 */
export function initialsOf(name: string): string {
  const spaced = name.replace(HAN, (han) => {
    const letters = pinyin(han, { pattern: 'first', toneType: 'none', type: 'array', surname: 'head' });
    return ` ${letters.join(' ')} `;
  });
  return spaced
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/'/g, '').charAt(0))
    .join('')
    .toUpperCase();
}
