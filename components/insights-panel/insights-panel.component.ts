import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { styleMap } from 'lit/directives/style-map.js';
import { scoreBreakdownOf } from '../../core/insights/score';
import type { InsightView, TopicView } from '../../core/insights/types';
import { evidenceOf } from './events';
import type { Lang } from '../shared/i18n';
import { format, labels, langFromTag } from './i18n';
import { insightsPanelStyles } from './insights-panel.styles';
import { emit } from '../shared/events/emit';
import { smallThingsStrings } from '../shared/i18n/small-things';

export interface InsightsPanelData {
  round: number;
  insights: InsightView[];
  topics: TopicView[];
}

/**
 * The insights of a document: each with its severity, a bar of its attribution score and the rationale of that
 * score; then the suggested questions. Selecting an insight (click, Enter or Space) marks it `aria-selected` and
 * tells the embedder which evidence to highlight. Keyboard: the list is a single-select listbox with a roving
 * tab stop (WAI-ARIA listbox pattern: ↑ ↓ Home End move, Enter / Space select).
 *
 * @summary Insights with attribution profiles, and suggested questions.
 * @tag kg-insights-panel
 *
 * @event kg-insight-select - `{ insightId, nodeIds, edgeIds }`: the evidence of the chosen insight (bubbles, composed).
 * @event kg-insight-question - `{ question }`: a suggested question was chosen (a button; the workbench puts it in
 *   the "Ask this graph" box).
 *
 * @csspart heading - The "Insights · round n" heading.
 * @csspart list - The listbox of insights.
 * @csspart insight - One insight (role option; `data-severity`, `aria-selected`).
 * @csspart severity - Its severity badge.
 * @csspart score-bar - The bar of its attribution score.
 * @csspart rationale - The rationale of its score, in words.
 * @csspart score-details - The numbers behind the selected insight's score.
 * @csspart topics - The list of suggested questions.
 * @csspart topic - One question (its button: part `topic-button`).
 *
 * @cssproperty --kg-insight-fg - Text (default: the workbench text colour, else #1d232a).
 * @cssproperty --kg-insight-bg - Background (default: the workbench background, else #ffffff).
 * @cssproperty --kg-insight-muted - Secondary text (default #5b6670).
 * @cssproperty --kg-insight-border - Separators (default #d5dae0).
 * @cssproperty --kg-insight-warn - Warning badge (default #b54708 light, #fdb022 dark).
 * @cssproperty --kg-insight-info - Info badge (default #175cd3 light, #84caff dark).
 * @cssproperty --kg-insight-bar - Score bar fill (default: the workbench accent, else #2563eb).
 * @cssproperty --kg-insight-track - Score bar track (default #eef0f3).
 * @cssproperty --kg-insight-selected-bg - Selected insight background (default: the workbench highlight, else #fff3bf).
 * @cssproperty --kg-insight-focus - Keyboard focus ring (default #1d4ed8).
 *
 * @attr lang - 'en' | 'zh': the language of the labels.
 */
export class KgInsightsPanel extends LitElement {
  static override styles = insightsPanelStyles;

  static override properties = {
    data: { attribute: false },
    lang: { type: String },
    selectedInsightId: { attribute: 'selected-insight', reflect: true },
    activeIndex: { state: true },
  };

  /** `{ round, insights, topics }` as GET /api/documents/:id/insights answers it; anything else shows as empty. */
  declare data: unknown;
  declare lang: Lang;
  declare selectedInsightId: string | null;
  declare activeIndex: number;

  constructor() {
    super();
    this.data = null;
    this.lang = 'en';
    this.selectedInsightId = null;
    this.activeIndex = 0;
  }

  private get view(): InsightsPanelData {
    return readData(this.data);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('data')) {
      const { insights } = this.view;
      if (this.selectedInsightId && !insights.some((i) => i.id === this.selectedInsightId))
        this.selectedInsightId = null;
      const selected = insights.findIndex((i) => i.id === this.selectedInsightId);
      this.activeIndex = selected >= 0 ? selected : Math.min(this.activeIndex, Math.max(0, insights.length - 1));
    }
  }

  /** Selects an insight by id (as a click would) and announces its evidence. */
  select(insightId: string): void {
    const index = this.view.insights.findIndex((i) => i.id === insightId);
    if (index >= 0) this.choose(index);
  }

  private choose(index: number): void {
    const insight = this.view.insights[index];
    if (!insight) return;
    this.activeIndex = index;
    this.selectedInsightId = insight.id;
    emit(this, 'kg-insight-select', evidenceOf(insight));
  }

  private onKeyDown(e: KeyboardEvent): void {
    const count = this.view.insights.length;
    if (!count) return;
    let next = this.activeIndex;
    switch (e.key) {
      case 'ArrowDown':
        next = Math.min(count - 1, this.activeIndex + 1);
        break;
      case 'ArrowUp':
        next = Math.max(0, this.activeIndex - 1);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = count - 1;
        break;
      case 'Enter':
      case ' ':
        e.preventDefault();
        this.choose(this.activeIndex);
        return;
      default:
        return;
    }
    e.preventDefault();
    this.activeIndex = next;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus());
  }

  protected override render() {
    const lang = langFromTag(this.lang) ?? 'en';
    const l = labels(lang);
    const { round, insights, topics } = this.view;
    return html`
      <h2 part="heading">${l.heading}${round ? html`<span class="round">${format(lang, l.round, { n: round })}</span>` : nothing}</h2>
      ${
        insights.length
          ? html`<ul class="insights" part="list" role="listbox" aria-label=${l.list} @keydown=${this.onKeyDown}>
            ${repeat(
              insights,
              (i) => i.id,
              (insight, index) => this.renderInsight(insight, index, lang),
            )}
          </ul>`
          : html`<p class="empty">${l.empty}</p>`
      }
      <h3>${l.topics}</h3>
      ${
        topics.length
          ? html`<ol class="topics" part="topics">${topics.map(
              (
                t,
              ) => html`<li part="topic"><button type="button" class="topic" part="topic-button" title=${smallThingsStrings(lang).topicAsk}
                @click=${() => emit(this, 'kg-insight-question', { question: t.question })}>${t.question}</button></li>`,
            )}</ol>`
          : html`<p class="empty">${l.noTopics}</p>`
      }
    `;
  }

  private renderInsight(insight: InsightView, index: number, lang: Lang) {
    const l = labels(lang);
    const score = clampScore(insight.profile.attributionScore);
    const shown = score.toFixed(2);
    const selected = insight.id === this.selectedInsightId;
    const severity = l.severity[insight.severity] ?? insight.severity;
    const type = l.type[insight.type] ?? insight.type;
    return html`<li
      class="insight ${insight.stale ? 'stale' : ''}"
      part="insight"
      role="option"
      data-index=${index}
      data-insight-id=${insight.id}
      data-severity=${insight.severity}
      aria-selected=${selected ? 'true' : 'false'}
      aria-label=${`${severity}: ${insight.title} (${format(lang, l.score, { s: shown })})`}
      tabindex=${index === this.activeIndex ? '0' : '-1'}
      @click=${() => this.choose(index)}
      @focus=${() => (this.activeIndex = index)}
    >
      <div class="head">
        <span class="severity ${insight.severity}" part="severity">${severity}</span>
        <span class="title">${insight.title}</span>
      </div>
      <div class="meta">${type}${insight.stale ? html` · ${l.stale}` : nothing}</div>
      <div class="score" title=${l.scoreName}>
        <span class="bar" part="score-bar"><span class="fill" style=${styleMap({ width: `${Math.round(score * 100)}%` })}></span></span>
        <span>${shown}</span>
      </div>
      <p class="detail">${insight.detail}</p>
      <p class="rationale" part="rationale">${insight.profile.rationale}</p>
      ${selected ? this.renderBreakdown(insight, lang) : nothing}
    </li>`;
  }

  /** The numbers behind the score, for the selected insight only (the rationale says it in words). */
  private renderBreakdown(insight: InsightView, lang: Lang) {
    const p = insight.profile;
    const wellFormed =
      p.nodeEvidence.every((n) => Number.isFinite(n.weight)) &&
      p.contradictingEvidence.every((c) => Number.isFinite(c.strength));
    return wellFormed ? html`<p class="breakdown" part="score-details">${scoreBreakdownOf(p, lang)}</p>` : nothing;
  }
}

function clampScore(x: unknown): number {
  return typeof x === 'number' && Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}

/** Accepts the API's answer; anything malformed reads as no insights rather than breaking the panel. */
function readData(value: unknown): InsightsPanelData {
  const v = (value ?? {}) as Partial<InsightsPanelData>;
  const insights = Array.isArray(v.insights)
    ? v.insights.filter(
        (i): i is InsightView =>
          !!i &&
          typeof i.id === 'string' &&
          typeof i.title === 'string' &&
          !!i.profile &&
          Array.isArray(i.profile.nodeEvidence) &&
          Array.isArray(i.profile.edgeEvidence),
      )
    : [];
  const topics = Array.isArray(v.topics)
    ? v.topics.filter((t): t is TopicView => !!t && typeof t.question === 'string')
    : [];
  return { round: typeof v.round === 'number' ? v.round : 0, insights, topics };
}
