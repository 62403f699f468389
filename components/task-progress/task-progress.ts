import { LitElement, css, html, nothing } from 'lit';
import { describeTaskWarning } from '../../core/extract/warning-words';
import type { TaskStatus } from '../../core/schema';
import { errorParts, strings, t, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { emit } from '../shared/events/emit';

declare global {
  interface HTMLElementTagNameMap {
    'kg-task-progress': KgTaskProgress;
  }
  interface HTMLElementEventMap {
    'kg-cancel-request': CustomEvent<{ taskId: string }>;
  }
}

/**
 * @summary The state of an extraction task: stage, elapsed time, batches done/total, warnings, a cancel button while
 * it runs, and the typed reason in the reader's language when it failed.
 * @event kg-cancel-request - The reader asked to cancel `{ taskId }`.
 * @csspart bar - The progress bar.
 * @csspart error - The failure message.
 */
export class KgTaskProgress extends LitElement {
  static override properties = {
    lang: { type: String },
    task: { attribute: false },
    cancelling: { type: Boolean },
  };

  declare lang: Lang;
  declare task: TaskStatus | null;
  declare cancelling: boolean;

  constructor() {
    super();
    this.lang = 'en';
    this.task = null;
    this.cancelling = false;
  }

  static override styles = [
    controls,
    css`
      :host {
        display: block;
      }
      .line {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4rem 1rem;
      }
      progress {
        flex: 1 1 12rem;
        height: 0.6rem;
        accent-color: var(--_accent);
      }
      .error {
        color: var(--_danger);
        margin: 0.3rem 0 0;
      }
      .detail {
        color: var(--_muted);
        font-size: 0.85rem;
        overflow-wrap: anywhere;
      }
      details {
        margin-top: 0.3rem;
        font-size: 0.85rem;
      }
      ul {
        margin: 0.2rem 0;
        padding-left: 1.2rem;
        max-height: 8rem;
        overflow: auto;
      }
    `,
  ];

  override render() {
    const task = this.task;
    if (!task) return nothing;
    const lang = this.lang;
    const running = task.status === 'queued' || task.status === 'running';
    const { done, total } = task.progress;
    // Progress inside a batch: what the model's answers have sent and named so far (a model task only).
    const chars = task.progress.charsReceived ?? 0;
    const nodes = task.progress.nodesSeen ?? 0;
    const seconds = (task.elapsedMs / 1000).toFixed(1);
    return html`<div role="status" aria-live="polite">
      <div class="line">
        <span class="stage">${strings(lang).stage[task.stage] ?? task.stage}</span>
        ${
          running || task.status === 'succeeded'
            ? html`<progress part="bar" aria-label=${t(lang, 'taskProgress')} max=${Math.max(total, 1)} value=${total ? done : 0}></progress>`
            : nothing
        }
        <span class="muted">${t(lang, 'batches', { done, total })}</span>
        ${
          running && chars > 0
            ? html`<span class="muted" part="streamed">${t(lang, 'streamed', { chars: chars.toLocaleString(lang), nodes: nodes.toLocaleString(lang) })}</span>`
            : nothing
        }
        <span class="muted">${t(lang, 'elapsed', { s: seconds })}</span>
        ${
          running
            ? html`<button type="button" aria-label=${t(lang, 'cancelTask')} ?disabled=${this.cancelling} @click=${this.cancel}>
              ${t(lang, 'cancel')}
            </button>`
            : nothing
        }
      </div>
      ${task.status === 'failed' && task.error ? this.renderError(task.error.code, task.error.message) : nothing}
      ${task.status === 'cancelled' ? html`<p class="error" part="error">${t(lang, 'taskCancelled')}</p>` : nothing}
      ${
        task.warnings.length
          ? html`<details>
            <summary>${t(lang, 'warnings', { n: task.warnings.length })}</summary>
            <ul>${task.warnings.map((w) => html`<li>${describeTaskWarning(w, lang)}</li>`)}</ul>
          </details>`
          : nothing
      }
    </div>`;
  }

  private renderError(code: string, message: string) {
    const { text, detail } = errorParts(code, message, this.lang);
    return html`<p class="error" part="error" data-error-code=${code}>
      <strong>${t(this.lang, 'taskFailed')}:</strong> ${text} ${detail && detail !== text ? html`<span class="detail">${detail}</span>` : nothing}
    </p>`;
  }

  private cancel() {
    if (!this.task) return;
    emit(this, 'kg-cancel-request', { taskId: this.task.taskId });
  }
}

import { declareElement } from '../register';
declareElement('kg-task-progress', KgTaskProgress);
