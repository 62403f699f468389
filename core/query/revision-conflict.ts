// 409 revision_conflict carrying the document's current revision, so a client can reload and retry: the error
// envelope is { error: { code, message, currentRevision } } (toBody is what the Worker's error handler renders).
import { KgError, type ErrorBody, type Lang } from '../errors';

export class RevisionConflict extends KgError {
  constructor(readonly currentRevision: number) {
    super('revision_conflict', {
      en: `The graph is now at revision ${currentRevision}; reload it and query again.`,
      zh: `知识图版本已更新（当前版本 ${currentRevision}），请重新载入后检索。`,
    });
  }
  override toBody(lang: Lang = 'en'): ErrorBody & { currentRevision: number } {
    return { ...super.toBody(lang), currentRevision: this.currentRevision };
  }
}
