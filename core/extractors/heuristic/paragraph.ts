// Whether two units are consecutive pieces of one narrative paragraph. The segmenter (core/units) starts a new
// unit at topic-shift markers ("Therefore, …", "例如…"), so a sentence-opening connective usually begins its own
// unit; the extractor may then link it back to the previous unit, but only inside one paragraph. The rule lives
// with the edge grounding rule (core/extract/edge-grounding.ts), which accepts exactly such back references.
export { continuesParagraph } from '../../extract/edge-grounding';
