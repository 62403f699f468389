import { LitElement, html, nothing, type PropertyValues } from 'lit';
import type { Section } from '../../core/schema';
import { MAX_QUERY_CHARS } from '../../core/limits';
import { ApiError } from '../shared/api-client';
import { emit } from '../shared/events/emit';
import { errorParts, format, langFromTag, resolveLang, strings, type Lang } from '../shared/i18n';
import type { AskBackend } from './ask-backend';
import { askPanelStyles } from './ask-panel.styles';
import { renderAnswer, type AnswerView } from './answer-view';
import type { GraphQueryRequest, GraphQueryResult } from './ask-types';
import type { AskSelectDetail } from './events';
import { QuestionController } from './question-controller';
import { shareLink } from './share-link';
import { EMPTY_FORM, renderSearch, type SearchForm } from './search-view';

export type AskMode = 'search' | 'question';

/**
 * "Ask this graph": structured search over the whole graph (keyword, type, section, grounding and entailment
 * filters; the list shows direct matches only, their neighbours come back as context for the graph) and questions
 * answered from cited evidence (numbered citations that select their node, relation or unit). A question and its
 * answer can be shared as a link that reopens them.
 *
 * @summary Structured search and evidence-cited questions over one document's graph.
 * @tag kg-ask-panel
 * @attr lang - 'en' | 'zh'.
 * @attr open - Whether the panel is expanded.
 * @attr mode - 'search' | 'question'.
 * @attr question - A question to ask as soon as a backend is set (a shared link); asked once per document.
 * @event kg-ask-select - `{ target, nodeId?, edgeId?, fromNodeId?, toNodeId?, relation?, paragraph }`: a match or a citation was chosen.
 * @event kg-ask-results - `{ query, matchIds, nodes, edges }`: a structured search answered (neighbours are context).
 * @event kg-ask-share - `{ documentId, question, link }`: the reader asked for a link to the shown question.
 * @csspart panel - The panel.
 */
export class KgAskPanel extends LitElement {
  static override styles = askPanelStyles;

  static override properties = {
    lang: { type: String },
    open: { type: Boolean, reflect: true },
    mode: { type: String, reflect: true },
    question: { type: String },
    backend: { attribute: false },
    sections: { attribute: false },
    form: { state: true },
    searching: { state: true },
    result: { state: true },
    searchError: { state: true },
    draft: { state: true },
    shared: { state: true },
    locateNotice: { state: true },
  };

  declare lang: string;
  declare open: boolean;
  declare mode: AskMode;
  declare question: string | null;
  /** Where searches and questions go (apiAskBackend, staticAskBackend); null while no document is shown. */
  declare backend: AskBackend | null;
  declare sections: Section[];
  declare form: SearchForm;
  declare searching: boolean;
  declare result: GraphQueryResult | null;
  declare searchError: { code: string; message: string } | null;
  declare draft: string;
  declare shared: { link: string; copied: boolean } | null;
  /** What following a citation reported (a node that could not be loaded), shown in the panel. */
  declare locateNotice: string | null;

  readonly asking = new QuestionController(this);
  private searchAbort: AbortController | null = null;
  /** documentId + question of the last question taken from the `question` attribute (asked once). */
  private askedFromAttribute = '';

  constructor() {
    super();
    this.lang = '';
    this.open = false;
    this.mode = 'search';
    this.question = null;
    this.backend = null;
    this.sections = [];
    this.form = EMPTY_FORM;
    this.searching = false;
    this.result = null;
    this.searchError = null;
    this.draft = '';
    this.shared = null;
    this.locateNotice = null;
  }

  private get uiLang(): Lang {
    return langFromTag(this.lang) ?? resolveLang(this);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('backend') && changed.get('backend')?.documentId !== this.backend?.documentId) {
      // Another document: nothing shown so far belongs to it.
      this.searchAbort?.abort();
      this.result = null;
      this.searchError = null;
      this.shared = null;
      this.locateNotice = null;
      this.asking.reset();
    }
    const pending = this.question?.trim();
    const key = pending && this.backend ? `${this.backend.documentId}\n${pending}` : '';
    if (key && key !== this.askedFromAttribute) {
      this.askedFromAttribute = key;
      this.open = true;
      this.mode = 'question';
      this.draft = pending!;
      void this.askNow(pending!);
    }
  }

  /** Puts a question in the ask box (a suggested question, issue 26): the panel opens on its questions tab with the
   * question as the draft, not yet asked, and the box focused so the reader can edit it or press Ask. */
  async fill(question: string): Promise<void> {
    const text = question.trim().slice(0, MAX_QUERY_CHARS);
    if (!text) return;
    this.open = true;
    this.mode = 'question';
    if (!this.asking.busy) this.draft = text;
    await this.updateComplete;
    const box = this.renderRoot.querySelector<HTMLTextAreaElement>('#question-input');
    box?.scrollIntoView({ block: 'nearest' });
    box?.focus();
  }

  /** Reports, in the panel, what following a match or citation found (the workbench calls it). */
  report(message: string | null): void {
    this.locateNotice = message;
  }

  private toggle = () => (this.open = !this.open);

  private setMode(mode: AskMode, focus = false) {
    this.mode = mode;
    if (focus)
      void this.updateComplete.then(() =>
        this.renderRoot.querySelector<HTMLElement>(`[role=tab][data-mode=${mode}]`)?.focus(),
      );
  }

  private onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next: AskMode =
      e.key === 'Home' ? 'search' : e.key === 'End' ? 'question' : this.mode === 'search' ? 'question' : 'search';
    this.setMode(next, true);
  };

  // ── Structured search ──────────────────────────────────────────────────────────────────────────────────────────

  private field<K extends keyof SearchForm>(key: K) {
    return (e: Event) =>
      (this.form = { ...this.form, [key]: (e.target as HTMLInputElement | HTMLSelectElement).value });
  }

  private request(): GraphQueryRequest | null {
    const f = this.form;
    const query = f.keyword.trim().slice(0, MAX_QUERY_CHARS);
    const request: GraphQueryRequest = { limit: 20, hops: 1 };
    if (query) request.query = query;
    if (f.type) request.types = [f.type];
    if (f.section) request.sectionIds = [f.section];
    if (f.grounding) request.groundingStatuses = [f.grounding];
    if (f.entailment) request.entailmentStatuses = [f.entailment];
    return Object.keys(request).length > 2 ? request : null;
  }

  private search = async (e: Event) => {
    e.preventDefault();
    const backend = this.backend;
    if (!backend) return;
    const request = this.request();
    if (!request) {
      this.searchError = { code: 'hint', message: strings(this.uiLang).askPanel.needCriterion };
      return;
    }
    this.searchAbort?.abort();
    const abort = new AbortController();
    this.searchAbort = abort;
    this.searching = true;
    this.searchError = null;
    this.locateNotice = null;
    try {
      const result = await backend.query(request, abort.signal);
      if (abort.signal.aborted) return;
      this.result = result;
      const matchIds = result.matches.map((m) => m.nodeId);
      emit(this, 'kg-ask-results', {
        query: request.query ?? '',
        matchIds,
        nodes: result.graph.nodes,
        edges: result.graph.edges,
      });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') return;
      this.searchError = {
        code: error instanceof ApiError ? error.code : 'internal',
        message: (error as Error)?.message ?? String(error),
      };
    } finally {
      if (this.searchAbort === abort) this.searching = false;
    }
  };

  private select(detail: AskSelectDetail) {
    this.locateNotice = null;
    emit(this, 'kg-ask-select', detail);
  }

  // ── Questions ──────────────────────────────────────────────────────────────────────────────────────────────────

  private async askNow(question: string) {
    const backend = this.backend;
    if (!backend || backend.questionsUnavailable || !question.trim()) return;
    this.shared = null;
    this.locateNotice = null;
    await this.asking.ask(backend, { question: question.trim().slice(0, MAX_QUERY_CHARS) });
  }

  private submitQuestion = (e: Event) => {
    e.preventDefault();
    if (this.asking.busy) return;
    void this.askNow(this.draft);
  };

  private followUp = (question: string) => {
    if (this.asking.busy) return;
    this.draft = question;
    void this.askNow(question);
  };

  private share = async () => {
    const backend = this.backend;
    const question = this.asking.question;
    if (!backend || !question) return;
    const link = shareLink(location.href, { documentId: backend.documentId, question });
    this.shared = { link, copied: false };
    emit(this, 'kg-ask-share', { documentId: backend.documentId, question, link });
    try {
      await navigator.clipboard.writeText(link);
      this.shared = { link, copied: true };
    } catch {
      // No clipboard here (an insecure page, a refused permission): the link stays shown, selected, to copy by hand.
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLInputElement>('input[data-share-link]')?.select();
    }
  };

  // ── Rendering ──────────────────────────────────────────────────────────────────────────────────────────────────

  protected override render() {
    const lang = this.uiLang;
    const l = strings(lang).askPanel;
    return html`<section class="panel" part="panel" lang=${lang} aria-label=${l.heading}>
      <h2>
        <button type="button" class="disclosure" aria-expanded=${this.open ? 'true' : 'false'} aria-controls="ask-body" @click=${this.toggle}>
          <span aria-hidden="true">${this.open ? '▾' : '▸'}</span> ${l.heading}
        </button>
      </h2>
      <div id="ask-body" ?hidden=${!this.open}>
        <div role="tablist" aria-label=${l.modes} @keydown=${this.onTabKey}>
          ${(['search', 'question'] as const).map(
            (
              mode,
            ) => html`<button type="button" role="tab" id="tab-${mode}" data-mode=${mode} aria-controls="pane-${mode}"
              aria-selected=${this.mode === mode ? 'true' : 'false'} tabindex=${this.mode === mode ? '0' : '-1'}
              @click=${() => this.setMode(mode)}>${l.mode[mode]}</button>`,
          )}
        </div>
        <div role="tabpanel" id="pane-search" aria-labelledby="tab-search" ?hidden=${this.mode !== 'search'}>${this.renderSearch(lang)}</div>
        <div role="tabpanel" id="pane-question" aria-labelledby="tab-question" ?hidden=${this.mode !== 'question'}>${this.renderQuestion(lang)}</div>
        ${this.locateNotice ? html`<p class="notice" role="status" data-locate-notice>${this.locateNotice}</p>` : nothing}
      </div>
    </section>`;
  }

  private renderSearch(lang: Lang) {
    return renderSearch({
      lang,
      form: this.form,
      sections: this.sections,
      result: this.searching ? null : this.result,
      searching: this.searching,
      error: this.searchError ? this.errorLine(this.searchError, lang) : null,
      errorCode: this.searchError?.code ?? '',
      ready: !!this.backend,
      field: (key) => this.field(key),
      submit: this.search,
      select: (d) => this.select(d),
    });
  }

  private renderQuestion(lang: Lang) {
    const l = strings(lang).askPanel;
    const backend = this.backend;
    if (backend?.questionsUnavailable) {
      return html`<p class="muted" role="note" data-questions-unavailable>${l[backend.questionsUnavailable]}</p>`;
    }
    const q = this.asking;
    const busy = q.busy;
    const task = q.task;
    // The share button only for a stored document: a link names a document id, which an exported file cannot reopen.
    const view: AnswerView = {
      lang,
      select: (d) => this.select(d),
      followUp: this.followUp,
      busy,
    };
    return html`<form class="question" @submit=${this.submitQuestion}>
        <label for="question-input">${l.questionLabel}</label>
        <div class="row">
          <textarea id="question-input" name="question" rows="2" maxlength=${MAX_QUERY_CHARS} placeholder=${l.questionPlaceholder}
            .value=${this.draft} ?disabled=${busy} aria-describedby="question-state"
            @input=${(e: Event) => (this.draft = (e.target as HTMLTextAreaElement).value)}
            @keydown=${(e: KeyboardEvent) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) this.submitQuestion(e);
            }}></textarea>
          <div class="buttons">
            <button type="submit" class="primary" ?disabled=${busy || !backend || !this.draft.trim()}>${l.ask}</button>
            ${
              busy
                ? html`<button type="button" @click=${() => void q.cancel()} ?disabled=${q.cancelling}>${q.cancelling ? l.cancelling : l.cancel}</button>`
                : nothing
            }
          </div>
        </div>
      </form>
      <div id="question-state" role="status" aria-live="polite" class="state">
        ${busy ? html`<span class="muted">${format(lang, l.running, { stage: stageLabel(task?.stage ?? 'queued', lang) })}</span>` : nothing}
        ${q.phase === 'cancelled' ? html`<span class="muted" data-question-cancelled>${l.cancelled}</span>` : nothing}
      </div>
      ${
        q.phase === 'failed' && q.error
          ? html`<p class="error" role="alert" data-ask-error=${q.error.code}>${l.failed}: ${this.errorLine(q.error, lang)}</p>`
          : nothing
      }
      ${
        q.phase === 'done' && q.answer
          ? html`${renderAnswer(q.answer, view)}
            <div class="share" ?hidden=${backend?.kind !== 'api'}>
              <button type="button" @click=${this.share} data-share>${l.share}</button>
              ${
                this.shared
                  ? html`<label class="share-link">${l.shareLabel}
                      <input type="text" readonly data-share-link .value=${this.shared.link} @focus=${(e: Event) => (e.target as HTMLInputElement).select()} />
                    </label>
                    ${this.shared.copied ? html`<span class="muted" role="status">${l.copied}</span>` : nothing}`
                  : nothing
              }
            </div>`
          : nothing
      }`;
  }

  private errorLine(error: { code: string; message: string }, lang: Lang) {
    if (error.code === 'hint') return error.message;
    const { text, detail } = errorParts(error.code, error.message, lang);
    return html`${text}${detail ? html` <span class="muted">${detail}</span>` : nothing}`;
  }
}

/** A task stage's label; a stage this build has no label for is shown by its name. */
function stageLabel(stage: string, lang: Lang): string {
  return (strings(lang).stage as Record<string, string>)[stage] ?? stage;
}
