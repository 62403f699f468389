// What a question asks, for the offline answerer's concept-layer answers (layer.ts): the reason for a statement
// ("why …", "how come …", "为什么/为何 …") or what a term is ("what is X", "what are X", "define X", "什么是X",
// "X是什么", "X指什么"), with the statement or the term as asked. Anything else is no intent: the plain extractive
// reading answers it. Pure and lexical; English and Chinese.

export type QuestionIntent = { kind: 'why'; subject: string } | { kind: 'what'; term: string };

/** Trailing question marks, full stops and the particles a question ends on. */
const END = /[\s?？.。!！]*$/u;
const END_ZH = /(?:呢|吗|啊|呀)?[\s?？.。!！]*$/u;

const WHY_EN =
  /^\s*(?:why|how\s+come|for\s+what\s+reason|what(?:\s+is|'s)\s+the\s+reason(?:\s+(?:for|why|that))?|what\s+(?:causes|caused|leads\s+to|led\s+to))\b\s*(.*)$/is;
const WHY_ZH = /为什么|为何|为啥|怎么会|何以|是什么原因|什么原因|原因是什么/u;

const WHAT_EN = [
  /^\s*(?:what|who)(?:\s+(?:is|are|was|were)|'s|'re)\s+(?:(?:an?|the)\s+)?(.+?)$/is,
  /^\s*what\s+(?:does|do|did)\s+(?:(?:an?|the)\s+)?(.+?)\s+mean$/is,
  /^\s*what\s+is\s+meant\s+by\s+(?:(?:an?|the)\s+)?(.+?)$/is,
  /^\s*(?:define|(?:the\s+)?(?:definition|meaning)\s+of)\s+(?:(?:an?|the)\s+)?(.+?)$/is,
];
const WHAT_ZH_BEFORE = /^\s*(?:请问)?\s*(?:什么是|何谓|何为|什么叫|什么叫做)\s*(.+)$/su;
const WHAT_ZH_AFTER =
  /^\s*(?:请问)?\s*(.+?)\s*(?:是什么意思|是指什么|指的是什么|指什么|的定义是什么|的含义是什么|是什么东西|是什么)$/su;

export function detectIntent(question: string): QuestionIntent | null {
  const q = question.trim();
  const why = WHY_EN.exec(q);
  if (why) return nonEmpty('why', why[1].replace(END, ''));
  if (WHY_ZH.test(q))
    return nonEmpty(
      'why',
      q
        .replace(WHY_ZH, '')
        .replace(END_ZH, '')
        .replace(/^[，,\s]+/u, ''),
    );
  const en = q.replace(END, '');
  for (const re of WHAT_EN) {
    const m = re.exec(en);
    if (m) return nonEmpty('what', m[1]);
  }
  const zh = q.replace(END_ZH, '');
  const m = WHAT_ZH_BEFORE.exec(zh) ?? WHAT_ZH_AFTER.exec(zh);
  return m ? nonEmpty('what', m[1]) : null;
}

function nonEmpty(kind: 'why' | 'what', text: string): QuestionIntent | null {
  const t = text.trim();
  if (!t) return null;
  return kind === 'why' ? { kind, subject: t } : { kind, term: t };
}
