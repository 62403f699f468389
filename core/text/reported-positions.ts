// Verbs that report a position someone holds ("some scientists argue …", 有人认为…). One home for the extractor,
// which splits two such positions and sets them against each other, and the insights, which keep a contrast between
// two positions open even when the people holding them differ.

/** English reporting verbs, with their -s and past forms. */
export const REPORTING_VERBS_EN =
  '(?:argue[sd]?|think|thinks|thought|believe[sd]?|say|says|said|claim(?:s|ed)?|contend(?:s|ed)?|insist(?:s|ed)?|maintain(?:s|ed)?|hold|holds|held|feel|feels|felt|fear(?:s|ed)?|worr(?:y|ies|ied)|warn(?:s|ed)?|points?\\s+out|pointed\\s+out|suggest(?:s|ed)?)';
/** Chinese reporting verbs. */
export const REPORTING_VERBS_ZH = '(?:认为|主张|觉得|指出|相信|担心|声称|坚称)';

/** A statement that reports a position (anywhere in it). */
export const REPORTED_POSITION = new RegExp(`${REPORTING_VERBS_ZH}|\\b${REPORTING_VERBS_EN}\\b`, 'iu');

/** Words with which the author corrects a position just reported ("Many believe X. In fact, Y", 有人担心X。事实上，Y). */
export const CORRECTING_EN = ['in fact', 'actually', 'in reality'] as const;
export const CORRECTING_ZH = ['事实上', '实际上', '其实'] as const;
/** A correcting word anywhere in a quote. */
export const CORRECTING = new RegExp(`${CORRECTING_ZH.join('|')}|\\b(?:${CORRECTING_EN.join('|')})\\b`, 'iu');

/**
 * A sentence that opens on a position someone else holds: a holder and a reporting verb ("Some parents fear that …",
 * "Critics argue …", 有人担心…, 许多人认为…) or a common belief ("It is often said that …", 一种常见的误解是…). A
 * following "In fact" / 事实上 corrects it; after the author's own hedge ("This is believed to be due to …") it only
 * insists.
 */
export const HELD_POSITION = new RegExp(
  String.raw`^\W*(?:(?:some|many|most|few|several|critics|opponents|sceptics|skeptics|others|people|experts|observers|commentators)\b[^,.;:!?]{0,40}?\b${REPORTING_VERBS_EN}\b|it\s+is\s+(?:often\s+|commonly\s+|widely\s+|sometimes\s+|generally\s+|popularly\s+)?(?:said|believed|thought|claimed|assumed|argued)\b|a\s+common\s+(?:belief|view|misconception|myth)\b)` +
    `|^[^，。；]{0,6}?(?:有人|有些人|一些人|不少人|许多人|很多人|人们|常有人|批评者|反对者)[^，。；]{0,8}?(?:${REPORTING_VERBS_ZH}|以为)|^[^，。；]{0,6}?(?:一种|一个)?(?:常见|普遍)的?(?:误解|说法|观点|看法)|^[^，。；]{0,6}?普遍认为`,
  'iu',
);
