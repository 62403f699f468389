// Scripted replies of the test model server for the fact-check judge (issue 14). The prompt is told by its system
// prompt (core/fact-check/prompt.ts starts it with "You fact-check claims"); the behaviour by the model's label
// after "@" (e.g. "ok@fact-quote-missing"). Replies are built from the claims and the evidence in the prompt (the
// CLAIMS and EVIDENCE frames, read by scripted-frame.mjs), so a test knows which quote is genuine without knowing ids.
//   fact (or any other label)   every claim "supported", confidence 0.9 (0.95 without evidence), citing the claim's
//                               first evidence item with its snippet's first sentence as the quote
//   fact-quote-missing          as fact, but the quote is a sentence that is in no snippet
//   fact-unknown-evidence       cites an id that was never given ("<claim>:w99") before the genuine one; a claim
//                               whose only evidence is rules cites "r999" only
//   fact-extract-quote          quotes the extract-only sentence of the scripted MediaWiki pages (it repeats the query)
//   fact-extra-claim            also answers for a claim id that was not asked ("c999") and skips the last claim
// Any scenario "not-json" answers prose.
import { frameJson } from './scripted-frame.mjs';

export function isFactCheckPrompt(system) {
  return /^You fact-check claims/.test(system);
}

const MISSING_QUOTE = 'This sentence appears in none of the evidence snippets.';

export function factCheckReplyFor(model, user) {
  const [scenario, label = ''] = model.split('@');
  if (scenario === 'not-json') return 'I am sorry, I cannot answer in JSON.';
  const claims = frameJson(user, 'CLAIMS') ?? [];
  const evidence = frameJson(user, 'EVIDENCE') ?? [];
  const asked = label === 'fact-extra-claim' ? claims.slice(0, -1) : claims;
  const verdicts = asked.map((claim) => {
    const own = evidence.filter((e) => e.id.startsWith(`${claim.id}:`));
    const first = own[0] ?? evidence.find((e) => e.provider === 'rules');
    if (!first)
      return {
        claimId: claim.id,
        verdict: 'supported',
        confidence: 0.95,
        rationale: 'Known from general knowledge (scripted).',
        evidenceIds: [],
        evidenceQuote: '',
        correction: '',
      };
    let quote = firstSentence(first.snippet);
    let ids = [first.id];
    if (label === 'fact-quote-missing') quote = MISSING_QUOTE;
    if (label === 'fact-extract-quote')
      quote = String(first.snippet).match(/The extract only says it again:.*?\(extract only\)\./)?.[0] ?? quote;
    if (label === 'fact-unknown-evidence') ids = own[0] ? [`${claim.id}:w99`, first.id] : ['r999'];
    return {
      claimId: claim.id,
      verdict: 'supported',
      confidence: 0.9,
      rationale: `The evidence states it (scripted ${label || 'fact'}).`,
      evidenceIds: ids,
      evidenceQuote: quote,
      correction: '',
    };
  });
  if (label === 'fact-extra-claim')
    verdicts.push({
      claimId: 'c999',
      verdict: 'contradicted',
      confidence: 0.9,
      rationale: 'Not asked.',
      evidenceIds: [],
      evidenceQuote: '',
      correction: '',
    });
  return JSON.stringify({ verdicts });
}

function firstSentence(text) {
  return (String(text).match(/^.*?[.!?。！？](?=\s|$)/u)?.[0] ?? String(text)).slice(0, 200).trim();
}
