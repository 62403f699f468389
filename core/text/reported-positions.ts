// Verbs that report a position someone holds ("some scientists argue …", 有人认为…). One home for the extractor,
// which splits two such positions and sets them against each other, and the insights, which keep a contrast between
// two positions open even when the people holding them differ.

/** English reporting verbs, with their -s and past forms. */
export const REPORTING_VERBS_EN =
  '(?:argue[sd]?|think|thinks|thought|believe[sd]?|say|says|said|claim(?:s|ed)?|contend(?:s|ed)?|insist(?:s|ed)?|maintain(?:s|ed)?|hold|holds|held|feel|feels|felt|fear(?:s|ed)?|worr(?:y|ies|ied)|points?\\s+out|pointed\\s+out|suggest(?:s|ed)?)';
/** Chinese reporting verbs. */
export const REPORTING_VERBS_ZH = '(?:认为|主张|觉得|指出|相信|担心|声称|坚称)';

/** A statement that reports a position (anywhere in it). */
export const REPORTED_POSITION = new RegExp(`${REPORTING_VERBS_ZH}|\\b${REPORTING_VERBS_EN}\\b`, 'iu');
