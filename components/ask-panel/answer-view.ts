// An answer as the reader sees it: its status and answerer, the admitted parts each followed by its numbered
// citations, the citation list (node, relation or unit, with the quote and its entailment: nothing unverified is
// ever shown as verified), and follow-up questions. Every string from the graph or the answer is rendered as text.
import { html, nothing } from 'lit';
import type { EntailmentStatus } from '../../core/schema';
import { format, relationLabel, strings, type Lang } from '../shared/i18n';
import { typeBadge } from '../shared/type-badges';
import { EXTRACTIVE_ANSWERER, type AnswerCitation, type GraphAnswerResult } from './ask-types';
import type { AskSelectDetail } from './events';

export interface AnswerView {
  lang: Lang;
  select(detail: AskSelectDetail): void;
  followUp(question: string): void;
  busy: boolean;
}

/** What selecting a citation shows: its node, its relation, or its unit alone. */
export function citationTarget(c: AnswerCitation): AskSelectDetail {
  if (c.targetKind === 'edge') {
    return {
      target: 'edge',
      edgeId: c.targetId || undefined,
      fromNodeId: c.fromNodeId ?? undefined,
      toNodeId: c.toNodeId ?? undefined,
      relation: c.relation ?? undefined,
      paragraph: c.paragraph,
    };
  }
  const nodeId = c.targetKind === 'node' ? c.nodeId || c.targetId : null;
  return nodeId ? { target: 'node', nodeId, paragraph: c.paragraph } : { target: 'unit', paragraph: c.paragraph };
}

export function answererLabel(answer: Pick<GraphAnswerResult, 'model' | 'answerer'>, lang: Lang): string {
  const l = strings(lang).askPanel;
  const extractive = answer.answerer === 'extractive' || answer.model === EXTRACTIVE_ANSWERER;
  return format(lang, l.answerer, { name: extractive ? l.extractive : format(lang, l.model, { id: answer.model }) });
}

export function renderAnswer(answer: GraphAnswerResult, view: AnswerView) {
  const { lang } = view;
  const l = strings(lang).askPanel;
  // Citations are numbered in the order the answer lists them; parts refer to them by those numbers.
  const number = new Map(answer.citations.map((c, i) => [c.id, i + 1]));
  const byId = new Map(answer.citations.map((c) => [c.id, c]));
  return html`<article class="answer" data-answer-status=${answer.status} aria-label=${l.answerHeading}>
    <p class="status ${answer.status}" role="status"><strong>${l.status[answer.status]}</strong>
      <span class="muted answerer" data-answerer=${answer.answerer ?? answer.model}>${answererLabel(answer, lang)}</span></p>
    ${
      answer.parts.length
        ? html`<ol class="parts">
          ${answer.parts.map(
            (part) => html`<li data-part=${part.id}><span class="part-text">${part.text}</span>
              ${part.evidenceIds
                .filter((id) => byId.has(id))
                .map((id) => {
                  const n = number.get(id)!;
                  return html`<button type="button" class="cite" data-cite=${n} aria-label=${format(lang, l.citation, { n })}
                    @click=${() => view.select(citationTarget(byId.get(id)!))}>[${n}]</button>`;
                })}</li>`,
          )}
        </ol>`
        : html`<p class="part-text">${answer.answer}</p>`
    }
    ${
      answer.citations.length
        ? html`<h3>${l.citations}</h3>
          <ol class="citations">
            ${answer.citations.map((c, i) => html`<li>${renderCitation(c, i + 1, view)}</li>`)}
          </ol>`
        : nothing
    }
    ${
      answer.followUps.length
        ? html`<h3>${l.followUps}</h3>
          <ul class="follow-ups">
            ${answer.followUps.map((q) => html`<li><button type="button" class="link" ?disabled=${view.busy} @click=${() => view.followUp(q)}>${q}</button></li>`)}
          </ul>`
        : nothing
    }
  </article>`;
}

function renderCitation(c: AnswerCitation, n: number, view: AnswerView) {
  const { lang } = view;
  const l = strings(lang).askPanel;
  const entailment = (c.entailmentStatus ?? 'unverified') as EntailmentStatus;
  const what =
    c.targetKind === 'edge'
      ? html`${c.fromNodeText ?? c.fromNodeId} —${relationLabel(c.relation ?? '', lang)}→ ${c.toNodeText ?? c.toNodeId}`
      : c.targetKind === 'node'
        ? html`${c.nodeText ?? c.nodeId ?? c.targetId}`
        : nothing;
  return html`<button type="button" class="citation" data-citation=${n} data-target-kind=${c.targetKind} data-target-id=${c.targetId}
      data-paragraph=${c.paragraph ?? ''}
      aria-label=${`${format(lang, l.citation, { n })}: ${l.citationKind[c.targetKind]}${c.paragraph !== null ? `, ${format(lang, l.unit, { n: c.paragraph })}` : ''}`}
      @click=${() => view.select(citationTarget(c))}>
      <span class="num">[${n}]</span>
      ${c.targetKind === 'node' && c.nodeType ? typeBadge(c.nodeType, lang) : html`<span class="badge">${l.citationKind[c.targetKind]}</span>`}
      ${c.targetKind !== 'source' ? html`<span class="entailment ${entailment}" data-entailment=${entailment}>${l.entailmentStatus[entailment] ?? entailment}</span>` : nothing}
      ${c.paragraph !== null ? html`<span class="muted">${format(lang, l.unit, { n: c.paragraph })}</span>` : nothing}
      <span class="what">${what}</span>
    </button>
    ${c.quote ? html`<blockquote class="quote">${c.quote}</blockquote>` : nothing}`;
}
