// The structured search of the ask panel: keyword, type, section, grounding and entailment filters, and the list of
// direct matches only (their neighbours come back with the result and are shown in the graph, as context).
import { html, nothing, type TemplateResult } from 'lit';
import { ENTAILMENT_STATUSES, GROUNDING_STATUSES, NODE_TYPES } from '../../core/schema/vocabulary';
import type { Section } from '../../core/schema';
import type { EntailmentStatus, GroundingStatus, NodeType } from '../../core/schema';
import { MAX_QUERY_CHARS } from '../../core/limits';
import { describeReason } from '../../core/query/reasons';
import type { MatchReason } from '../../core/query/types';
import { format, strings, typeLabel, type Lang } from '../shared/i18n';
import { typeBadge } from '../shared/type-badges';
import type { GraphQueryResult, QueryNode } from './ask-types';
import type { AskSelectDetail } from './events';

export interface SearchForm {
  keyword: string;
  type: NodeType | '';
  section: string;
  grounding: GroundingStatus | '';
  entailment: EntailmentStatus | '';
}

export const EMPTY_FORM: SearchForm = { keyword: '', type: '', section: '', grounding: '', entailment: '' };

export interface SearchView {
  lang: Lang;
  form: SearchForm;
  sections: Section[];
  result: GraphQueryResult | null;
  searching: boolean;
  error: TemplateResult | string | null;
  errorCode: string;
  /** A document is shown (the search has somewhere to go). */
  ready: boolean;
  field(key: keyof SearchForm): (e: Event) => void;
  submit(e: Event): void;
  select(detail: AskSelectDetail): void;
}

export function renderSearch(v: SearchView) {
  const { lang, form: f, result } = v;
  const l = strings(lang).askPanel;
  const byId = new Map((result?.graph.nodes ?? []).map((n) => [n.id, n]));
  return html`<form class="search" @submit=${v.submit}>
      <label class="keyword">${l.keyword}
        <input type="search" name="keyword" maxlength=${MAX_QUERY_CHARS} placeholder=${l.keywordPlaceholder} .value=${f.keyword} @input=${v.field('keyword')} />
      </label>
      <label>${l.type}
        <select name="type" @change=${v.field('type')}>
          <option value="" ?selected=${!f.type}>${l.anyType}</option>
          ${NODE_TYPES.map((t) => html`<option value=${t} ?selected=${f.type === t}>${typeLabel(t, lang)}</option>`)}
        </select>
      </label>
      <label>${l.section}
        <select name="section" @change=${v.field('section')}>
          <option value="" ?selected=${!f.section}>${l.anySection}</option>
          ${v.sections.map((s) => html`<option value=${s.id} ?selected=${f.section === s.id}>${s.title}</option>`)}
        </select>
      </label>
      <label>${l.grounding}
        <select name="grounding" @change=${v.field('grounding')}>
          <option value="" ?selected=${!f.grounding}>${l.anyGrounding}</option>
          ${GROUNDING_STATUSES.map((g) => html`<option value=${g} ?selected=${f.grounding === g}>${strings(lang).groundingStatus[g]}</option>`)}
        </select>
      </label>
      <label>${l.entailment}
        <select name="entailment" @change=${v.field('entailment')}>
          <option value="" ?selected=${!f.entailment}>${l.anyEntailment}</option>
          ${ENTAILMENT_STATUSES.map((s) => html`<option value=${s} ?selected=${f.entailment === s}>${l.entailmentStatus[s]}</option>`)}
        </select>
      </label>
      <button type="submit" class="primary" ?disabled=${!v.ready}>${l.search}</button>
    </form>
    ${v.error ? html`<p class="error" role="alert" data-ask-error=${v.errorCode}>${v.error}</p>` : nothing}
    <div aria-live="polite" aria-busy=${v.searching ? 'true' : 'false'}>
      ${v.searching ? html`<p class="muted">${strings(lang).loading}</p>` : nothing}
      ${
        result
          ? html`<p class="muted" data-match-count>${format(lang, l.matches, { n: result.matches.length })}
              ${result.matches.length ? html` · ${l.matchesHelp}` : html` ${l.noMatches}`}</p>
            <ol class="matches" aria-label=${l.matchList}>
              ${result.matches.map((m) => html`<li>${renderMatch(m.nodeId, byId.get(m.nodeId), m.reasons, v)}</li>`)}
            </ol>`
          : nothing
      }
    </div>`;
}

function renderMatch(nodeId: string, node: QueryNode | undefined, reasons: string[], v: SearchView) {
  const { lang } = v;
  const l = strings(lang).askPanel;
  const paragraph = node?.paragraph ?? null;
  const why = reasons.map((r) => describeReason(r as MatchReason, lang)).join(' · ');
  return html`<button type="button" class="match" data-match-id=${nodeId} @click=${() => v.select({ target: 'node', nodeId, paragraph })}>
    ${node ? typeBadge(node.type, lang) : nothing}
    <span class="text">${node?.text ?? nodeId}</span>
    <span class="meta muted">${paragraph !== null ? format(lang, l.unit, { n: paragraph }) : ''}
      ${
        node
          ? html` · ${strings(lang).groundingStatus[node.groundingStatus] ?? node.groundingStatus} ·
            ${l.entailmentStatus[node.entailmentStatus as EntailmentStatus] ?? node.entailmentStatus}`
          : nothing
      }
      ${why ? html` · ${why}` : nothing}</span>
  </button>`;
}
