// The CLI's failures: a usage error (exit 2) and an API or task failure (exit 1) carrying the server's typed error.

export const EXIT = { ok: 0, failure: 1, usage: 2 };

export class UsageError extends Error {
  constructor(message) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A typed failure: `code` is the API's error code (core/errors.ts) or one of the CLI's own (network, task_failed …). */
export class CliError extends Error {
  /** @param {string} code @param {string} message @param {{ status?: number, details?: unknown }} [extra] */
  constructor(code, message, extra = {}) {
    super(message);
    this.name = 'CliError';
    this.code = code;
    this.status = extra.status;
    this.details = extra.details;
  }
  toJSON() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.status ? { status: this.status } : {}),
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}
